// Radar reviews: a payment Radar sends to review stays authorized, with an open review that the
// shop approves (POST /v1/reviews/:id/approve) or that closes when the charge is refunded or
// disputed. Stripe lists only the open ones.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import { invalidRequest, resourceMissing, type StripeError } from "../stripe-error";
import { emitEvent } from "../webhooks/emit-event";
import { storeCreated } from "./list-index";
import type { Review } from "./records";

export async function openReview(context: SandboxContext, chargeId: string, intentId: string): Promise<Review> {
  const review: Review = {
    id: context.ids("prv"),
    object: "review",
    billing_zip: null,
    charge: chargeId,
    closed_reason: null,
    created: unixSeconds(context.clock),
    ip_address: null,
    ip_address_location: null,
    livemode: false,
    open: true,
    opened_reason: "rule",
    payment_intent: intentId,
    reason: "rule",
    session: null,
  };
  await storeCreated(context, "prv", review.id, review, review.created);
  await emitEvent(context, "review.opened", review);
  return review;
}

export async function readReview(context: SandboxContext, id: string): Promise<Result<Review, StripeError>> {
  const review = await context.store.read("prv", id);
  return review ? ok(review) : err(resourceMissing("review", id, "review"));
}

type ClosedReason = "approved" | "refunded" | "disputed";

/** Closes an open review; a closed one is refused, with Stripe's message. */
export async function closeReview(context: SandboxContext, id: string, reason: ClosedReason, idempotencyKey: string | null = null): Promise<Result<Review, StripeError>> {
  const result = await context.store.update<"prv", Result<Review, StripeError>>("prv", id, async (review) => {
    if (!review.open) return { result: err(invalidRequest(`This review (${id}) is already closed.`, { param: "review" })) };
    const next: Review = { ...review, open: false, reason, closed_reason: reason };
    await emitEvent(context, "review.closed", next, idempotencyKey);
    return { next, result: ok(next) };
  });
  return result ?? err(resourceMissing("review", id, "review"));
}
