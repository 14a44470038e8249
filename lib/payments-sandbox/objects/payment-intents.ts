// PaymentIntents with manual capture: retrieve, capture (full), cancel. An authorization the
// shop never captures lapses like a card hold; that is applied whenever the intent is read,
// so no timer has to run for it.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import { invalidRequest, resourceMissing, type StripeError } from "../stripe-error";
import { commitWithEvent, emitEvent, pendingEvent, recordPending } from "../webhooks/emit-event";
import { afterCapture } from "./after-capture";
import type { PaymentIntent, StoredPaymentIntent } from "./records";

const CANCELABLE = new Set(["requires_payment_method", "requires_action", "requires_capture"]);

export async function readIntent(context: SandboxContext, id: string): Promise<Result<StoredPaymentIntent, StripeError>> {
  const stored = await context.store.read("pi", id);
  if (!stored) return err(resourceMissing("payment_intent", id, "intent"));
  if (!isLapsed(context, stored)) return ok(stored);
  const updated = await context.store.update("pi", id, async (current) => {
    if (!isLapsed(context, current)) return { result: current };
    const next = canceled(context, current, "automatic");
    await emitEvent(context, "payment_intent.canceled", next.intent);
    return { next, result: next };
  });
  return updated ? ok(updated) : err(resourceMissing("payment_intent", id, "intent"));
}

function isLapsed(context: SandboxContext, stored: StoredPaymentIntent): boolean {
  return (
    stored.intent.status === "requires_capture" &&
    stored.capture_before_ms !== null &&
    context.clock.now() >= stored.capture_before_ms
  );
}

function canceled(context: SandboxContext, stored: StoredPaymentIntent, reason: string): StoredPaymentIntent {
  return {
    ...stored,
    intent: {
      ...stored.intent,
      status: "canceled",
      amount_capturable: 0,
      cancellation_reason: reason,
      canceled_at: unixSeconds(context.clock),
    },
  };
}

export async function captureIntent(
  context: SandboxContext,
  id: string,
  amountToCapture: number | undefined,
  idempotencyKey: string | null,
): Promise<Result<PaymentIntent, StripeError>> {
  const read = await readIntent(context, id);
  if (!read.ok) return read;
  const result = await context.store.update<"pi", Result<PaymentIntent, StripeError>>("pi", id, async (current) => {
    const { intent } = current;
    if (intent.status !== "requires_capture") {
      return { result: err(stateError(intent, "capture", ["requires_capture"])) };
    }
    if (amountToCapture !== undefined && amountToCapture !== intent.amount) {
      return {
        result: err(
          invalidRequest("This sandbox captures the full amount only; omit amount_to_capture or pass the intent's amount.", {
            param: "amount_to_capture",
          }),
        ),
      };
    }
    const captured: StoredPaymentIntent = {
      ...current,
      intent: { ...intent, status: "succeeded", amount_capturable: 0, amount_received: intent.amount },
    };
    const succeeded = pendingEvent(context, "payment_intent.succeeded", captured.intent, idempotencyKey);
    // The bank's move after a test card's capture (its dispute or warning) writes and announces
    // more after this event, so the event is then recorded first, on its own.
    if (!captured.charge_facts?.after_capture) return { next: captured, result: ok(captured.intent), commit: commitWithEvent(context, succeeded) };
    await recordPending(context, succeeded);
    const next = await afterCapture(context, captured);
    return { next, result: ok(next.intent) };
  });
  return result ?? err(resourceMissing("payment_intent", id, "intent"));
}

export async function cancelIntent(
  context: SandboxContext,
  id: string,
  reason: string | undefined,
  idempotencyKey: string | null,
): Promise<Result<PaymentIntent, StripeError>> {
  const read = await readIntent(context, id);
  if (!read.ok) return read;
  const result = await context.store.update<"pi", Result<PaymentIntent, StripeError>>("pi", id, async (current) => {
    if (!CANCELABLE.has(current.intent.status)) {
      return { result: err(stateError(current.intent, "cancel", [...CANCELABLE])) };
    }
    const next = canceled(context, current, reason ?? "requested_by_customer");
    const event = pendingEvent(context, "payment_intent.canceled", next.intent, idempotencyKey);
    return { next, result: ok(next.intent), commit: commitWithEvent(context, event) };
  });
  return result ?? err(resourceMissing("payment_intent", id, "intent"));
}

function stateError(intent: PaymentIntent, action: string, allowed: string[]): StripeError {
  return invalidRequest(
    `This PaymentIntent could not be ${action === "capture" ? "captured" : "canceled"} because it has a status of ${intent.status}. ` +
      `Only a PaymentIntent with one of the following statuses may be ${action === "capture" ? "captured" : "canceled"}: ${allowed.join(", ")}.`,
    { code: "payment_intent_unexpected_state" },
  );
}
