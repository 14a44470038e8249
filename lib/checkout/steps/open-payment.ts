// created (pay first) and reserved: open a Checkout Session that authorizes only. Everything
// the request sends is fixed before it is first sent — the page's expiry is frozen on the
// order — so a repeat after a lost answer, a crash or a timeout is the same request under the
// same idempotency key, and Stripe answers it with the session it made the first time.
import type { OrderRecord } from "../order-record";
import type { CheckoutDeps } from "../ports";
import { cannotAct, moveTo, retryLater, type Step, type StepHandler } from "./step";

export const openPayment: StepHandler = async (order, deps) => {
  const now = deps.clock.now();
  const deadline = paymentDeadline(order, deps);
  if (now >= deadline) {
    const reason = order.flow === "reservation" ? "reservation_expired" : "unavailable";
    return moveTo(deps, order.flow === "reservation" ? "releasing" : "failed", "no payment page could be opened in time", { reason });
  }
  const expiresAt = order.payment.expiresAt;
  if (expiresAt === null) return freezeRequest(order, deps, order.payment.openAttempt, "payment page's expiry fixed");
  const key = deps.vault.open(order.capabilitySealed, order.id);
  if (!key.ok) return cannotAct(order, deps, "its capability key does not open with this code key (was CHECKOUT_CODE_KEY rotated?)");
  const opened = await deps.payments.openCheckout({
    orderId: order.id,
    returnUrl: deps.orderLink(order.id, key.value),
    amount: order.quote.price,
    description: order.item.name,
    email: order.email,
    expiresAt: Math.ceil(expiresAt / 1000),
    attempt: order.payment.openAttempt,
  });
  if (!opened.ok) {
    // Stripe never ran this request and never will under its key: a new request may. The page
    // the old key might have made was never shown to anyone, so nobody can pay on it.
    if (opened.error.needsNewKey) return freezeRequest(order, deps, order.payment.openAttempt + 1, `payment page request refused (${opened.error.code}); a new one`);
    return retryLater(order, deps, `payment page not opened (${opened.error.code})`, {}, deadline);
  }
  const { sessionId, url } = opened.value;
  return moveTo(deps, "awaiting_payment", `payment page ${sessionId} opened`, {
    payment: { ...order.payment, sessionId, url, expiresAt: opened.value.expiresAt * 1000 },
    nextCheckAt: Math.min(opened.value.expiresAt * 1000, deadline),
  });
};

/** Store the request's parameters before it is sent; the next loop of advance sends it. */
function freezeRequest(order: OrderRecord, deps: CheckoutDeps, attempt: number, note: string): Step {
  return { kind: "change", change: { note, patch: { payment: frozenPayment(order, deps, attempt), nextCheckAt: deps.clock.now() } } };
}

/**
 * The order's payment with the page's request fixed as of now: the expiry a full session from
 * now, and the attempt that keys it. A step that moves an order to where the page is opened
 * next may save it in its own write (reserve.ts), one write fewer before the page.
 */
export function frozenPayment(order: OrderRecord, deps: CheckoutDeps, attempt = order.payment.openAttempt): OrderRecord["payment"] {
  return { ...order.payment, expiresAt: deps.clock.now() + deps.policy.sessionMs, openAttempt: attempt };
}

/**
 * When we stop waiting for the buyer: a reservation must be released before upstream drops it,
 * so the payment must end a margin before; a pay-first order waits for the session alone.
 */
export function paymentDeadline(order: OrderRecord, deps: CheckoutDeps): number {
  const ends = order.upstream.reservationEndsAt;
  if (order.flow === "reservation" && ends !== null) return ends - deps.policy.safetyMarginMs;
  return order.createdAt + deps.policy.sessionMs + deps.policy.reservationMs;
}
