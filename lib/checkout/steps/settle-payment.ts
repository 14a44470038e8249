// delivered → capture; completed → refund when upstream refunds later; refunding → refunded.
// Each payment call carries a key derived from the order, so a repeat is answered, not re-done;
// a refusal is checked against what the payment really is before anything else happens.
import type { OrderRecord } from "../order-record";
import { upstreamPatch } from "../upstream-facts";
import { moveTo, retryLater, waitUntil, type StepHandler } from "./step";

const DAY_MS = 24 * 3600 * 1000;

export const capture: StepHandler = async (order, deps) => {
  const intentId = requireIntent(order);
  const captured = await deps.payments.capture(intentId, order.id);
  if (captured.ok) return moveTo(deps, "completed", "payment captured");
  const seen = order.payment.sessionId ? await deps.payments.readCheckout(order.payment.sessionId) : null;
  const status = seen?.ok ? seen.value.intent?.status : undefined;
  if (status === "succeeded") return moveTo(deps, "completed", "payment was already captured");
  if (status === "canceled") {
    // Only a lapsed or externally cancelled authorization gets here: the code is delivered and
    // unpaid. Nothing automatic can fix that; the owner must.
    deps.alertOwner(order.id, "delivered order whose authorization is gone: collect or write off manually");
    return waitUntil(deps, deps.clock.now() + DAY_MS, "capture impossible: authorization cancelled", { alert: "delivered but not paid" });
  }
  return retryLater(order, deps, `capture not done (${captured.error.code})`);
};

/** completed: woken by an upstream notification: a later 3 means upstream refunded. */
export const recheckCompleted: StepHandler = async (order, deps) => {
  const orderId = order.upstream.orderId;
  if (orderId === null) return { kind: "idle" };
  const info = await deps.upstream.orderInfo(orderId);
  if (!info.ok) return retryLater(order, deps, `order info not read (${info.error.code})`);
  if (info.value.order_status !== 3) return { kind: "change", change: { note: "upstream still shows it delivered", patch: { nextCheckAt: null } } };
  const patch = upstreamPatch(order, info.value, deps.vault);
  return moveTo(deps, "refunding", "upstream refunded a delivered order", { ...patch, reason: "refunded_upstream" });
};

export const refund: StepHandler = async (order, deps) => {
  const refunded = await deps.payments.refund(requireIntent(order), order.id);
  if (!refunded.ok) return retryLater(order, deps, `refund not done (${refunded.error.code})`);
  return moveTo(deps, "refunded", `buyer refunded (${refunded.value.refundId})`, {
    payment: { ...order.payment, refundId: refunded.value.refundId },
  });
};

function requireIntent(order: OrderRecord): string {
  const intentId = order.payment.paymentIntentId;
  if (intentId === null) throw new Error(`Order ${order.id} is ${order.state} without a payment`);
  return intentId;
}
