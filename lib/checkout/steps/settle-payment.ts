// delivered → capture; completed → re-read upstream on a schedule, refund when upstream
// refunded; refunding → refunded. Each payment call carries a key derived from the order, so a
// repeat is answered, not re-done; a refusal is checked against what the payment really is
// before anything else happens.
import { ORDER_STATUS } from "@/lib/partner/schemas";
import type { OrderRecord } from "../order-record";
import type { EventNote } from "../event-notes";
import type { CheckoutDeps } from "../checkout-deps";
import { orderAlert } from "../order-alerts";
import { upstreamPatch } from "../upstream-facts";
import { cannotAct, moveTo, retryLater, waitUntil, type Step, type StepHandler } from "./step";

const DAY_MS = 24 * 3600 * 1000;

export const capture: StepHandler = async (order, deps) => {
  const intentId = order.payment.paymentIntentId;
  if (intentId === null) return cannotAct(order, deps, { kind: "cannotActNoPayment", values: { state: order.state } });
  const captured = await deps.payments.capture(intentId, order.id);
  if (captured.ok) return completed(deps, { kind: "paymentCaptured" });
  const seen = order.payment.sessionId ? await deps.payments.readCheckout(order.payment.sessionId) : null;
  const status = seen?.ok ? seen.value.intent?.status : undefined;
  if (status === "succeeded") return completed(deps, { kind: "paymentAlreadyCaptured" });
  if (status === "canceled") {
    // Only a lapsed or externally cancelled authorization gets here. The buyer has not seen the
    // code (it is shown once the payment is taken, public-order.ts), so nothing was given away:
    // the code stays with the shop; the owner decides whether to collect or resell it. Looked
    // at again daily: if upstream took the delivery back meanwhile, nothing is owed either way.
    const refunded = await refundedUpstream(order, deps);
    if (refunded) return moveTo(deps, "releasing", { kind: "upstreamTookBack" }, { ...refunded, reason: "upstream_failed" });
    deps.alertOwner(order.id, { kind: "deliveredUnpaid" });
    return waitUntil(deps, deps.clock.now() + DAY_MS, { kind: "captureImpossible" }, orderAlert({ kind: "deliveredUnpaid" }));
  }
  return retryLater(order, deps, { kind: "captureNotDone", values: { code: captured.error.code } });
};

/** Upstream's answer when it shows the order refunded (3), as a patch; null otherwise or unread. */
async function refundedUpstream(order: OrderRecord, deps: CheckoutDeps): Promise<ReturnType<typeof upstreamPatch> | null> {
  if (order.upstream.orderId === null) return null;
  const info = await deps.upstream.orderInfo(order.upstream.orderId);
  return info.ok && info.value.order_status === ORDER_STATUS.error ? upstreamPatch(order, info.value, deps.vault) : null;
}

/** Completed: re-read upstream on the schedule's first offset (a refund 2 → 3 comes later, if at all). */
function completed(deps: CheckoutDeps, note: EventNote): Step {
  const [first] = deps.policy.completedRechecksMs;
  return moveTo(deps, "completed", note, { nextCheckAt: first === undefined ? null : deps.clock.now() + first });
}

/**
 * completed: a later 3 upstream means it refunded. Looked at when a notification wakes the
 * order, and on a bounded schedule without one (notifications off, or lost after upstream gave
 * up retrying): each offset of `completedRechecksMs`, counted from completion, costs one
 * get_order_info; after the last, reconciliation is the net.
 */
export const recheckCompleted: StepHandler = async (order, deps) => {
  const orderId = order.upstream.orderId;
  if (orderId === null) return { kind: "change", change: { note: { kind: "nothingToReread" }, patch: { nextCheckAt: null } } };
  const info = await deps.upstream.orderInfo(orderId);
  if (!info.ok) return retryLater(order, deps, { kind: "orderInfoNotRead", values: { code: info.error.code } });
  if (info.value.order_status !== ORDER_STATUS.error) {
    return { kind: "change", change: { note: { kind: "stillDelivered" }, patch: { nextCheckAt: nextRecheck(order, deps) } } };
  }
  const patch = upstreamPatch(order, info.value, deps.vault);
  return moveTo(deps, "refunding", { kind: "upstreamRefundedDelivered" }, { ...patch, reason: "refunded_upstream" });
};

/** The first offset of the schedule still ahead, counted from when the order completed. */
function nextRecheck(order: OrderRecord, deps: CheckoutDeps): number | null {
  const completedAt = order.events.findLast((event) => event.to === "completed")?.at ?? order.updatedAt;
  const now = deps.clock.now();
  const ahead = deps.policy.completedRechecksMs.map((offset) => completedAt + offset).find((at) => at > now);
  return ahead ?? null;
}

export const refund: StepHandler = async (order, deps) => {
  const intentId = order.payment.paymentIntentId;
  if (intentId === null) return cannotAct(order, deps, { kind: "cannotActNoPayment", values: { state: order.state } });
  if (order.dispute) {
    // The bank is taking the money back through the dispute: a refund on top would pay twice.
    deps.alertOwner(order.id, { kind: "refundDueDisputed", values: { dispute: order.dispute.id } });
    return waitUntil(deps, deps.clock.now() + DAY_MS, { kind: "refundHeldDisputed" }, orderAlert({ kind: "refundDueDisputed" }));
  }
  const refunded = await deps.payments.refund(intentId, order.id);
  if (!refunded.ok) return retryLater(order, deps, { kind: "refundNotDone", values: { code: refunded.error.code } });
  return moveTo(deps, "refunded", { kind: "buyerRefunded", values: { refund: refunded.value.refundId } }, {
    payment: { ...order.payment, refundId: refunded.value.refundId },
  });
};
