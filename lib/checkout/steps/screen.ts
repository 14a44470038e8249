// authorized, before anything goes upstream: decide the order (lib/fraud's rules on what Stripe
// and our memory say) and act on the decision. Allowed: fulfil as before. Blocked: release (the
// reservation given back, the authorization cancelled, nothing charged). Held: wait for the
// owner's review until its deadline, which comes before the authorization lapses, and reject
// then if nobody decided. Approved: fulfil, after reserving again if the reservation ran out
// while the order waited (under the same price guard as the first reservation).
// The code is shown to the buyer only once the payment is taken (public-order.ts), and nothing
// here takes it before the order is allowed or approved.
import { flagBuyer } from "@/lib/fraud/flagged-buyers";
import { ORDER_STATUS } from "@/lib/partner/schemas";
import type { CheckoutDeps } from "../checkout-deps";
import { nextExtOrderId } from "../ext-order-id";
import type { Review } from "../fraud-facts";
import type { OrderRecord } from "../order-record";
import { assessOrder, type Assessment } from "../screening/assess-order";
import { dropFromReview, enqueueForReview } from "../screening/review-queue";
import type { ScreeningDeps } from "../screening/screening-deps";
import { isCleanRefusal, isDelivered, upstreamPatch } from "../upstream-facts";
import { fulfil } from "./fulfil";
import { priceChanged, reservationRequest } from "./reserve";
import { moveTo, retryLater, waitUntil, type Step, type StepHandler } from "./step";
import type { EventNote } from "../event-notes";

/** After this many tries without Stripe's risk readable, the order is held for the owner rather than retried blind. */
const UNREADABLE_TRIES = 3;

export const screenThenFulfil: StepHandler = async (order, deps) => {
  if (!deps.screening || !mayScreen(order)) return fulfil(order, deps);
  const { review } = order;
  if (review?.status === "pending") return waitForOwner(order, review, deps);
  if (review?.status === "rejected") return moveTo(deps, "releasing", { kind: "rejectedInReview" }, { reason: "rejected_in_review" });
  if (review?.status === "approved") return afterApproval(order, deps);
  if (!order.screening) return screen(order, deps.screening, deps);
  if (order.screening.decision === "block") return moveTo(deps, "releasing", { kind: "blockedAtAuthorization" }, { reason: "blocked_by_screening" });
  return fulfil(order, deps);
};

/**
 * Only an order nothing has been sent upstream for may be held or blocked: a reservation still
 * waiting for our confirmation, or a pay-first order no /api/pay has gone out for. (An order
 * authorized before screening existed, already on its way, goes on as it was.)
 */
function mayScreen(order: OrderRecord): boolean {
  if (order.screening || order.review) return true;
  if (order.flow === "reservation") return order.upstream.status === ORDER_STATUS.awaitingConfirmation;
  return order.upstream.orderId === null && !order.upstream.payMayExist && (order.upstream.payInFlightUntil ?? null) === null;
}

async function screen(order: OrderRecord, screening: ScreeningDeps, deps: CheckoutDeps): Promise<Step> {
  const now = deps.clock.now();
  const assessed = await assessOrder(order, screening, now);
  if (!assessed.ok) {
    if (order.attempts + 1 < UNREADABLE_TRIES) return retryLater(order, deps, { kind: "riskNotReadable", values: { code: assessed.error.code } });
    return hold(order, deps, screening, UNREADABLE, { kind: "riskNotReadableAfterTries", values: { tries: UNREADABLE_TRIES, code: assessed.error.code } });
  }
  const { decision, reasons, signals } = assessed.value;
  const screened = { decision, reasons, at: now, signals };
  const why = reasons.join(", ") || "no signal";
  if (decision === "block") {
    await flagBuyer(screening.kv, order.email, "blocked at authorization");
    deps.alertOwner(order.id, { kind: "blocked", values: { why, signals: reasons.length } });
    return moveTo(deps, "releasing", { kind: "blockedFor", values: { why, signals: reasons.length } }, { screening: screened, reason: "blocked_by_screening" });
  }
  if (decision === "review") return hold(order, deps, screening, assessed.value, { kind: "heldFor", values: { why, signals: reasons.length } });
  return { kind: "change", change: { note: { kind: "screened", values: { decision, why, signals: reasons.length } }, patch: { screening: screened, nextCheckAt: now } } };
}

const UNREADABLE: Pick<Assessment, "reasons" | "signals"> = {
  reasons: ["signals_unreadable"],
  signals: { riskLevel: null, riskScore: null, card: null, cardCountry: null, ipCountry: null, authenticated: false, cardOrders: 0, cardDeclines: 0, radarReview: null },
};

/** Held: in the queue before the hold is saved, so a held order is never missing from it. */
async function hold(order: OrderRecord, deps: CheckoutDeps, screening: ScreeningDeps, assessed: Pick<Assessment, "reasons" | "signals">, note: EventNote): Promise<Step> {
  const now = deps.clock.now();
  const { reviewHours } = await screening.settings();
  const deadline = Math.min(now + reviewHours * 3600_000, reviewDeadlineCap(order, deps));
  await Promise.all([enqueueForReview(screening.kv, order.id, deadline), flagBuyer(screening.kv, order.email, "held for review")]);
  deps.alertOwner(order.id, { kind: "held", values: { why: assessed.reasons.join(", "), signals: assessed.reasons.length, deadline: new Date(deadline).toISOString() } });
  const review: Review = { status: "pending", openedAt: now, deadline, decidedBy: null, decidedAt: null };
  const screened = { decision: "review" as const, reasons: assessed.reasons, at: now, signals: assessed.signals };
  return waitUntil(deps, deadline, note, { screening: screened, review, attempts: 0 });
}

/** The latest a held order may wait: the rejection must land while the authorization still holds. */
export function reviewDeadlineCap(order: OrderRecord, deps: CheckoutDeps): number {
  return (order.payment.authorizedAt ?? order.updatedAt) + deps.policy.authorizationHoldMs - deps.policy.safetyMarginMs;
}

async function waitForOwner(order: OrderRecord, review: Review, deps: CheckoutDeps): Promise<Step> {
  const now = deps.clock.now();
  if (now < review.deadline) return waitUntil(deps, review.deadline, { kind: "heldForReview" });
  if (deps.screening) await dropFromReview(deps.screening.kv, order.id);
  deps.alertOwner(order.id, { kind: "reviewLapsed" });
  return moveTo(deps, "releasing", { kind: "reviewDeadlinePassed" }, {
    reason: "rejected_in_review",
    review: { ...review, status: "rejected", decidedBy: "deadline", decidedAt: now },
  });
}

/** Approved: fulfil, reserving again first when the reservation ran out (or is about to) during the review. */
async function afterApproval(order: OrderRecord, deps: CheckoutDeps): Promise<Step> {
  if (order.flow !== "reservation") return fulfil(order, deps);
  if (order.upstream.orderId === null) return reserveAgain(order, deps);
  const ends = order.upstream.reservationEndsAt;
  const gone = order.upstream.status === ORDER_STATUS.awaitingConfirmation && ends !== null && deps.clock.now() >= ends - deps.policy.safetyMarginMs;
  return gone ? giveBackAndRenew(order, deps) : fulfil(order, deps);
}

/**
 * The old reservation is given back (if it is still there: upstream ends it by itself, undebited)
 * and a new ext_order_id fixed on the order before the new reservation is asked for, so a repeat
 * of that request after a lost answer is the same request.
 */
async function giveBackAndRenew(order: OrderRecord, deps: CheckoutDeps): Promise<Step> {
  const oldId = order.upstream.orderId;
  if (oldId !== null) {
    const released = await deps.upstream.orderUpdate({ order_id: oldId, status: ORDER_STATUS.error });
    // Delivered after all (a confirmation of ours whose answer was lost): the buyer's money is held, so deliver.
    if (released.ok && isDelivered(released.value.order_status)) {
      return moveTo(deps, "delivered", { kind: "oldReservationDelivered" }, upstreamPatch(order, released.value, deps.vault));
    }
  }
  const upstream = { ...order.upstream, extOrderId: nextExtOrderId(order), orderId: null, status: null, amountCharged: null, reservationEndsAt: null, errorText: null, payMayExist: false, payInFlightUntil: null };
  return { kind: "change", change: { note: { kind: "reservingAgain", values: { ext: upstream.extOrderId } }, patch: { upstream, attempts: 0, nextCheckAt: deps.clock.now() } } };
}

async function reserveAgain(order: OrderRecord, deps: CheckoutDeps): Promise<Step> {
  if (order.item.kind !== "voucher") return moveTo(deps, "releasing", { kind: "onlyVouchersReserved" }, { reason: "unavailable" });
  const answer = await deps.upstream.pay(reservationRequest(order, order.item));
  if (!answer.ok) {
    if (isCleanRefusal(answer.error) && !order.upstream.payMayExist) {
      return moveTo(deps, "releasing", { kind: "reservationAfterReviewRefused", values: { code: answer.error.code } }, { reason: "unavailable" });
    }
    const patch = answer.error.mayHaveTakenEffect ? { upstream: { ...order.upstream, payMayExist: true } } : {};
    return retryLater(order, deps, { kind: "reservationAfterReviewNotAnswered", values: { code: answer.error.code } }, patch);
  }
  const patch = upstreamPatch(order, answer.value, deps.vault);
  if (answer.value.order_status === ORDER_STATUS.error) return moveTo(deps, "releasing", { kind: "reservationAfterReviewFailed" }, { ...patch, reason: "unavailable" });
  const reserved = { ...patch, upstream: { ...patch.upstream, reservationEndsAt: deps.clock.now() + deps.policy.reservationMs } };
  if (await priceChanged(order, reserved.upstream.amountCharged, deps)) {
    return moveTo(deps, "releasing", { kind: "costAboveQuote" }, { ...reserved, reason: "price_changed" });
  }
  return { kind: "change", change: { note: { kind: "reservedAgain", values: { status: answer.value.order_status } }, patch: { ...reserved, attempts: 0, nextCheckAt: deps.clock.now() } } };
}
