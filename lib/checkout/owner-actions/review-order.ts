// The owner decides a held order (steps/screen.ts). Approve: the review is marked approved
// (compare-and-set on the order) and the checkout goes on at once — reserving again if the
// reservation ran out, confirming upstream, delivering, capturing. Reject: the order moves to
// releasing in the same write, and the release step gives the reservation back and cancels the
// authorization; nothing is charged. Safe twice and from two tabs: a repeat of the same request
// does nothing (its claim), a second decision finds the first already on the order and either
// answers it (the same decision) or is refused (the other one). Every payment call that follows
// carries the order's own idempotency key (capture:<order>, cancel:<order>).
import type { Actor } from "@/lib/audit";
import { z } from "zod";
import { firstIssue } from "@/lib/http/first-issue";
import { err, ok, type Result } from "@/lib/result";
import { advance } from "../advance";
import type { Review } from "../fraud-facts";
import { orderIdSchema, type OrderRecord } from "../order-record";
import { dropFromReview } from "../screening/review-queue";
import { auditOrderAction } from "./audit-order";
import { changeOrder, repeatOf, type Decision } from "./change-order";
import { requestIdSchema, type OwnerActionDeps, type OwnerActionError, type OwnerActionOutcome } from "./owner-action-deps";
import { oncePerRequest } from "./request-claim";
import type { EventNote } from "../event-notes";

export const reviewInputSchema = z.object({ orderId: orderIdSchema, requestId: requestIdSchema, verdict: z.enum(["approve", "reject"]) });
export type ReviewInput = z.input<typeof reviewInputSchema>;
type Verdict = z.infer<typeof reviewInputSchema>["verdict"];

export async function reviewOrder(deps: OwnerActionDeps, input: ReviewInput, actor: Actor): Promise<Result<OwnerActionOutcome, OwnerActionError>> {
  const parsed = reviewInputSchema.safeParse(input);
  if (!parsed.success) return err({ code: "invalid", ...firstIssue(parsed.error, "") });
  const { orderId, requestId, verdict } = parsed.data;
  const once = await oncePerRequest(deps.kv, `checkout:owner-review:${orderId}:${requestId}`, async () => {
    const written = await changeOrder(deps.store, orderId, (order) => decideReview(order, verdict, actor, requestId, deps.clock.now()));
    if (!written.ok) return written;
    await dropFromReview(deps.kv, orderId);
    // Deliver or release now rather than at the sweep; a busy or failed run leaves it to the sweep.
    const advanced = await advance(orderId, deps, { kind: "wake", reason: { kind: "any" } });
    const after = advanced.ok ? advanced.value : written.value.after;
    const audited = written.value.wrote ? await auditOrderAction(deps, actor, verdict === "approve" ? "review_approved" : "review_rejected", written.value.before, after, { requestId }) : true;
    return ok({ state: after.state, repeat: !written.value.wrote, audited });
  });
  return once.ran ? once.result : repeatOf(deps, orderId);
}

/** The write that records the owner's verdict, nothing when it is already recorded, or why it cannot be. */
export function decideReview(order: OrderRecord, verdict: Verdict, actor: Actor, requestId: string, now: number): Result<Decision, OwnerActionError> {
  const review = order.review;
  if (!review) return err({ code: "not_held", message: "this order is not held for review" });
  const wanted: Review["status"] = verdict === "approve" ? "approved" : "rejected";
  if (review.status === wanted) return ok({ nothing: true });
  if (review.status !== "pending") {
    const by = review.decidedBy === "deadline" ? "automatically at its deadline" : `by ${review.decidedBy ?? "someone"}`;
    return err({ code: "already_decided", message: `this order was ${review.status} already (${by}); nothing was changed` });
  }
  const decided: Review = { ...review, status: wanted, decidedBy: actor.email, decidedAt: now };
  const note: EventNote = { kind: "reviewDecided", values: { verdict: wanted, by: actor.email, request: requestId } };
  if (verdict === "approve") return ok({ change: { note, patch: { review: decided, attempts: 0, nextCheckAt: now } } });
  return ok({ change: { to: "releasing", note, patch: { review: decided, reason: "rejected_in_review", attempts: 0, nextCheckAt: now } } });
}
