// created (pay first) and reserved: open a Checkout Session that authorizes only. Its key is
// derived from the order, so a repeat after a lost answer gets the same session back.
import type { OrderRecord } from "../order-record";
import type { CheckoutDeps } from "../ports";
import { moveTo, retryLater, type StepHandler } from "./step";

export const openPayment: StepHandler = async (order, deps) => {
  const now = deps.clock.now();
  const deadline = paymentDeadline(order, deps);
  if (now >= deadline) {
    const reason = order.flow === "reservation" ? "reservation_expired" : "unavailable";
    return moveTo(deps, order.flow === "reservation" ? "releasing" : "failed", "no payment page could be opened in time", { reason });
  }
  const key = deps.vault.open(order.capabilitySealed, order.id);
  if (!key.ok) throw new Error(`Order ${order.id}: its capability key does not open with this code key`);
  const opened = await deps.payments.openCheckout({
    orderId: order.id,
    returnUrl: deps.orderLink(order.id, key.value),
    amount: order.quote.price,
    description: order.item.name,
    email: order.email,
    expiresAt: Math.ceil((now + deps.policy.sessionMs) / 1000),
  });
  if (!opened.ok) return retryLater(order, deps, `payment page not opened (${opened.error.code})`, {}, deadline);
  const { sessionId, url, expiresAt } = opened.value;
  return moveTo(deps, "awaiting_payment", `payment page ${sessionId} opened`, {
    payment: { ...order.payment, sessionId, url, expiresAt: expiresAt * 1000 },
    nextCheckAt: Math.min(expiresAt * 1000, deadline),
  });
};

/**
 * When we stop waiting for the buyer: a reservation must be released before upstream drops it,
 * so the payment must end a margin before; a pay-first order waits for the session alone.
 */
export function paymentDeadline(order: OrderRecord, deps: CheckoutDeps): number {
  const ends = order.upstream.reservationEndsAt;
  if (order.flow === "reservation" && ends !== null) return ends - deps.policy.safetyMarginMs;
  return order.createdAt + deps.policy.sessionMs + deps.policy.reservationMs;
}
