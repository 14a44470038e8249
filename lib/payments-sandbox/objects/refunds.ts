// Refunds of a captured PaymentIntent, full or partial, never beyond what is left.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import { invalidRequest, resourceMissing, type StripeError } from "../stripe-error";
import { emitEvent } from "../webhooks/emit-event";
import { chargeOf } from "./charge";
import { storeCreated } from "./list-index";
import type { Metadata, Refund, StoredPaymentIntent } from "./records";
import { readIntent } from "./payment-intents";
import { closeReview } from "./reviews";

export interface RefundRequest {
  payment_intent?: string;
  charge?: string;
  amount?: number;
  reason?: string;
  metadata: Metadata;
}

export async function createRefund(context: SandboxContext, request: RefundRequest, idempotencyKey: string | null): Promise<Result<Refund, StripeError>> {
  const intentId = request.payment_intent ?? (request.charge ? await intentOfCharge(context, request.charge) : undefined);
  if (!intentId) {
    return err(
      request.charge
        ? resourceMissing("charge", request.charge, "charge")
        : invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", { code: "parameter_missing" }),
    );
  }
  const read = await readIntent(context, intentId);
  if (!read.ok) return err({ ...read.error, param: "payment_intent" });
  const result = await context.store.update("pi", intentId, async (current): Promise<{ next?: StoredPaymentIntent; result: Result<Refund, StripeError> }> => {
    const { intent } = current;
    if (intent.status !== "succeeded" || !intent.latest_charge) {
      return { result: err(invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { param: "payment_intent" })) };
    }
    if (current.charge_facts?.dispute) {
      return { result: err(invalidRequest(`Charge ${intent.latest_charge} has been charged back; cannot issue a refund.`, { code: "charge_disputed", param: "payment_intent" })) };
    }
    const left = intent.amount_received - current.amount_refunded;
    if (left === 0) {
      return { result: err(invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, { code: "charge_already_refunded" })) };
    }
    const amount = request.amount ?? left;
    if (amount < 1 || amount > left) {
      return {
        result: err(
          invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`, { code: "amount_too_large", param: "amount" }),
        ),
      };
    }
    const refund: Refund = {
      id: context.ids("re"),
      object: "refund",
      amount,
      charge: intent.latest_charge,
      created: unixSeconds(context.clock),
      currency: intent.currency,
      metadata: request.metadata,
      payment_intent: intent.id,
      reason: request.reason ?? null,
      status: "succeeded",
    };
    const next = { ...current, amount_refunded: current.amount_refunded + amount };
    await storeCreated(context, "re", refund.id, refund, refund.created, intent.id);
    await emitEvent(context, "charge.refunded", chargeOf(next), idempotencyKey);
    // A refund settles what a review asked, as Stripe closes it.
    const review = current.charge_facts?.review;
    if (review && (await context.store.read("prv", review))?.open) await closeReview(context, review, "refunded", idempotencyKey);
    return { next, result: ok(refund) };
  });
  return result ?? err(resourceMissing("payment_intent", intentId, "payment_intent"));
}

export async function intentOfCharge(context: SandboxContext, chargeId: string): Promise<string | undefined> {
  return (await context.store.kv.get(context.store.key("charge", chargeId))) ?? undefined;
}

export async function readRefund(context: SandboxContext, id: string): Promise<Result<Refund, StripeError>> {
  const refund = await context.store.read("re", id);
  return refund ? ok(refund) : err(resourceMissing("refund", id, "refund"));
}
