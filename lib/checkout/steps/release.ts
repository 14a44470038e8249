// releasing: undo what is held, upstream first (a reservation costs the partner nothing but
// holds stock), then the buyer's authorization; then the order has failed without a charge.
// An order upstream may still complete is never released: we follow it instead.
import { ORDER_STATUS } from "@/lib/partner/schemas";
import type { CheckoutDeps } from "../checkout-deps";
import type { OrderRecord } from "../order-record";
import { isDelivered, isInProgress, upstreamPatch } from "../upstream-facts";
import { orderAlert } from "../order-alerts";
import { notedSurprise } from "../upstream-surprises";
import { cannotAct, moveTo, retryLater, type Step, type StepHandler } from "./step";

/** Intent statuses that may still turn into a charge and that Stripe lets us cancel. */
const CANCELLABLE = new Set(["requires_capture", "requires_action"]);

export const release: StepHandler = async (order, deps) => {
  const status = order.upstream.status;
  if (status === ORDER_STATUS.awaitingConfirmation) return releaseReservation(order, deps);
  if (status !== null && isInProgress(status)) return followUpstream(order, deps);
  return releasePayment(order, deps);
};

async function releaseReservation(order: OrderRecord, deps: CheckoutDeps): Promise<Step> {
  const orderId = order.upstream.orderId;
  if (orderId === null) return cannotAct(order, deps, { kind: "cannotActHoldsNoOrder" });
  const answer = await deps.upstream.orderUpdate({ order_id: orderId, status: ORDER_STATUS.error });
  if (answer.ok) {
    return retryLater(order, deps, { kind: "reservationReleased", values: { status: answer.value.order_status } }, upstreamPatch(order, answer.value, deps.vault), deps.clock.now());
  }
  if (answer.error.code === 404) {
    return retryLater(order, deps, { kind: "reservationUnknown" }, { upstream: { ...order.upstream, status: ORDER_STATUS.error } }, deps.clock.now());
  }
  // 101 (already final: expired, or confirmed by a request whose answer we lost) or no answer.
  return followUpstream(order, deps);
}

async function followUpstream(order: OrderRecord, deps: CheckoutDeps): Promise<Step> {
  const orderId = order.upstream.orderId;
  if (orderId === null) return releasePayment(order, deps);
  const info = await deps.upstream.orderInfo(orderId);
  if (!info.ok) return retryLater(order, deps, { kind: "orderInfoNotRead", values: { code: info.error.code } });
  const patch = upstreamPatch(order, info.value, deps.vault);
  const status = info.value.order_status;
  if (isDelivered(status) && order.payment.paymentIntentId !== null && order.payment.authorizedAt !== null) {
    // Upstream delivered after all while the buyer's money is held: deliver, do not release.
    return moveTo(deps, "delivered", { kind: "deliveredAfterAll", values: { status } }, patch);
  }
  const fact = { upstreamOrderId: info.value.order_id, status };
  // The code is withheld; the partner balance paid for it, which the owner must see.
  const surprise = isDelivered(status) ? notedSurprise(order, deps, "re_read", fact, { kind: "deliveredUnpaid", values: { status } }) : {};
  return retryLater(order, deps, { kind: "upstreamStatus", values: { status } }, { ...patch, ...surprise }, isInProgress(status) ? undefined : deps.clock.now());
}

async function releasePayment(order: OrderRecord, deps: CheckoutDeps): Promise<Step> {
  const { sessionId, paymentIntentId } = order.payment;
  if (sessionId === null) return moveTo(deps, "failed", { kind: "nothingCharged" });
  const read = await deps.payments.readCheckout(sessionId);
  if (!read.ok) return retryLater(order, deps, { kind: "paymentNotReadable", values: { code: read.error.code } });
  const { session, intent } = read.value;
  const intentId = intent?.id ?? paymentIntentId;
  if (intent && intent.status === "succeeded") {
    // Captured money on an order we are releasing would be a charge without delivery; it cannot
    // happen through this code (capture follows delivery), so stop and tell the owner.
    deps.alertOwner(order.id, { kind: "releasedCaptured" });
    return retryLater(order, deps, { kind: "capturedOnReleased" }, orderAlert({ kind: "capturedButReleased" }));
  }
  if (session === "open") {
    // Close the page before anything else: a buyer may be paying on it right now, and Stripe
    // will not cancel a Checkout Session's intent while the session is open.
    const expired = await deps.payments.expireCheckout(sessionId, order.id);
    if (!expired.ok) return retryLater(order, deps, { kind: "paymentPageNotClosed", values: { code: expired.error.code } });
    // Read again: a buyer may have paid in the moment before the page closed.
    return retryLater(order, deps, { kind: "paymentPageClosed" }, {}, deps.clock.now());
  }
  if (intent && intent.status === "processing") {
    // Not settled either way yet; cancelling now could race a payment that is completing.
    return retryLater(order, deps, { kind: "paymentProcessing" });
  }
  if (intent && intentId && CANCELLABLE.has(intent.status)) {
    // Held money, or an approval the buyer never finished on a page that is now closed.
    const cancelled = await deps.payments.cancel(intentId, order.id);
    if (!cancelled.ok) return retryLater(order, deps, { kind: "authorizationNotCancelled", values: { code: cancelled.error.code } });
    return moveTo(deps, "failed", { kind: "authorizationCancelled" }, { payment: { ...order.payment, paymentIntentId: intentId } });
  }
  return moveTo(deps, "failed", { kind: "nothingCharged" });
}
