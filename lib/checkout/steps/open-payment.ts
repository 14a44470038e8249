// created (pay first) and reserved: open a Checkout Session that authorizes only. Everything
// the request sends is fixed before it is first sent — the page's expiry is frozen on the
// order — so a repeat after a lost answer, a crash or a timeout is the same request under the
// same idempotency key, and Stripe answers it with the session it made the first time.
import { PAYMENT_PAGE_MIN_MS } from "../checkout-policy";
import type { OrderRecord } from "../order-record";
import type { CheckoutDeps } from "../checkout-deps";
import type { OrderChange } from "../store/order-store";
import { cannotAct, moveTo, retryLater, type Step, type StepHandler } from "./step";
import type { EventNote } from "../event-notes";

export const openPayment: StepHandler = async (order, deps) => {
  const deadline = paymentDeadline(order, deps);
  if (deps.clock.now() >= deadline) return tooLateForPage(order, deps);
  const expiresAt = order.payment.expiresAt;
  if (expiresAt === null) return freezeRequest(order, deps, order.payment.openAttempt, { kind: "paymentExpiryFixed" });
  const key = deps.vault.open(order.capabilitySealed, order.id);
  if (!key.ok) return cannotAct(order, deps, { kind: "cannotActKey" });
  const opened = await deps.payments.openCheckout({
    orderId: order.id,
    returnUrl: deps.orderLink(order.id, key.value, order.locale),
    amount: order.quote.price,
    description: order.item.name,
    email: order.email,
    expiresAt: Math.ceil(expiresAt / 1000),
    attempt: order.payment.openAttempt,
    threeDSecure: order.payment.threeDSecure === true,
  });
  if (!opened.ok) {
    // Stripe never ran this request and never will under its key: a new request may. The page
    // the old key might have made was never shown to anyone, so nobody can pay on it.
    if (opened.error.needsNewKey) return freezeRequest(order, deps, order.payment.openAttempt + 1, { kind: "paymentPageRequestRefused", values: { code: opened.error.code } });
    return retryLater(order, deps, { kind: "paymentPageNotOpened", values: { code: opened.error.code } }, {}, deadline);
  }
  const { sessionId, url } = opened.value;
  return moveTo(deps, "awaiting_payment", { kind: "paymentPageOpened", values: { session: sessionId } }, {
    payment: { ...order.payment, sessionId, url, expiresAt: opened.value.expiresAt * 1000 },
    nextCheckAt: Math.min(opened.value.expiresAt * 1000, deadline),
  });
};

/** Store the request's parameters before it is sent; the next loop of advance sends it. */
function freezeRequest(order: OrderRecord, deps: CheckoutDeps, attempt: number, note: EventNote): Step {
  const payment = frozenPayment(order, deps, attempt);
  if (payment === null) return tooLateForPage(order, deps);
  return { kind: "change", change: { note, patch: { payment, nextCheckAt: deps.clock.now() } } };
}

/**
 * The order's payment with the page's request fixed as of now: the expiry a full session from
 * now, or the payment's deadline if that comes sooner, and the attempt that keys it. Null when
 * a page opened now could not close by the deadline (less than the provider's shortest page is
 * left): no page is opened. A step that moves an order to where the page is opened next may
 * save it in its own write (reserve.ts), so the buyer does not wait for another before the page.
 */
export function frozenPayment(order: OrderRecord, deps: CheckoutDeps, attempt = order.payment.openAttempt): OrderRecord["payment"] | null {
  const expiresAt = pageExpiry(order, deps);
  return expiresAt === null ? null : { ...order.payment, expiresAt, openAttempt: attempt };
}

function pageExpiry(order: OrderRecord, deps: CheckoutDeps): number | null {
  const now = deps.clock.now();
  const deadline = paymentDeadline(order, deps);
  const { sessionMs, reservationMs, safetyMarginMs } = deps.policy;
  if (now + sessionMs <= deadline) return now + sessionMs;
  if (now + PAYMENT_PAGE_MIN_MS <= deadline) return deadline;
  // A reservation too short for any page (a demo's fixture of seconds) would end every such
  // order: there, as before, the page opens and is closed at the deadline (await-payment.ts).
  if (order.flow === "reservation" && reservationMs - safetyMarginMs < PAYMENT_PAGE_MIN_MS && now < deadline) return now + sessionMs;
  return null;
}

/**
 * Too little is left for a page that closes in time: the order ends now, before the buyer
 * enters a card, never after. A reservation is given back upstream on the way (releasing).
 */
export function tooLateForPage(order: OrderRecord, deps: CheckoutDeps, patch: OrderChange["patch"] = {}): Step {
  const note: EventNote = { kind: "tooLittleReservationLeft" };
  if (order.flow === "reservation") return moveTo(deps, "releasing", note, { ...patch, reason: "reservation_expired" });
  return moveTo(deps, "failed", { kind: "noPaymentPageInTime" }, { reason: "unavailable" });
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
