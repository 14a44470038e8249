// awaiting_payment: gate on the PaymentIntent being `requires_capture`, not on the session's
// status alone (a completed session can still be processing). Webhooks only wake us up; what
// we act on is what we read back from the payments API.
import { cannotAct, moveTo, retryLater, waitUntil, type StepHandler } from "./step";
import { paymentDeadline } from "./open-payment";

export const awaitPayment: StepHandler = async (order, deps) => {
  const sessionId = order.payment.sessionId;
  if (sessionId === null) return cannotAct(order, deps, { kind: "cannotActNoPaymentPage" });
  const read = await deps.payments.readCheckout(sessionId);
  if (!read.ok) return retryLater(order, deps, { kind: "paymentNotReadable", values: { code: read.error.code } });
  const { session, intent } = read.value;
  const withIntent = { payment: { ...order.payment, paymentIntentId: intent?.id ?? order.payment.paymentIntentId } };

  if (intent?.status === "requires_capture" || intent?.status === "succeeded") {
    const payment = { ...withIntent.payment, authorizedAt: deps.clock.now() };
    return moveTo(deps, "authorized", { kind: "paymentAuthorized", values: { intent: intent.id } }, { payment });
  }
  // An expired page cancels its intent too: the expiry is the reason the buyer should read.
  if (session === "expired") {
    return moveTo(deps, "releasing", { kind: "paymentPageExpired" }, { ...withIntent, reason: "payment_expired" });
  }
  if (intent?.status === "canceled") {
    return moveTo(deps, "releasing", { kind: "paymentCancelled" }, { ...withIntent, reason: "payment_declined" });
  }
  const deadline = paymentDeadline(order, deps);
  if (session === "open" && deps.clock.now() >= deadline) {
    // The reservation would end before the session: close the session first, so a payment
    // cannot arrive for a voucher we no longer hold. The next read sees what really happened.
    const expired = await deps.payments.expireCheckout(sessionId, order.id);
    if (!expired.ok) return retryLater(order, deps, { kind: "paymentPageNotClosed", values: { code: expired.error.code } }, withIntent);
    return retryLater(order, deps, { kind: "paymentPageClosedEarly" }, withIntent, deps.clock.now());
  }
  if (session === "complete") return retryLater(order, deps, { kind: "paymentPending", values: { status: intent?.status ?? "pending" } }, withIntent);
  return waitUntil(deps, Math.min(order.payment.expiresAt ?? deadline, deadline), { kind: "waitingForPayment" }, withIntent);
};
