// What the buyer's money is doing, for the admin's order page: held (authorized, not captured),
// taken (captured) and given back. Held and taken are read from the state the checkout's machine
// reached, since a capture moves the order (order-states.ts); given back is the refund ledger's
// sum (a partial refund leaves the order completed).
import type { Money } from "@/lib/money";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { OrderState } from "@/lib/checkout/order-states";
import { refunded } from "@/lib/checkout/owner-actions";

export interface MoneyFacts {
  price: Money;
  held: Money | null;
  taken: Money | null;
  refunded: Money | null;
}

/** The authorization stands: captured only once delivered (or cancelled when released). */
const HOLDING: ReadonlySet<OrderState> = new Set(["authorized", "fulfilling", "delivered", "releasing"]);
const CAPTURED: ReadonlySet<OrderState> = new Set(["completed", "refunding", "refunded"]);

export function moneyFacts(record: OrderRecord): MoneyFacts {
  const price = record.quote.price;
  const back = refunded(record);
  const held = HOLDING.has(record.state) && record.payment.authorizedAt !== null ? price : null;
  return {
    price,
    held,
    taken: CAPTURED.has(record.state) ? price : null,
    refunded: back.minor > 0 ? back : null,
  };
}

/**
 * Stripe's dashboard page of a payment, for a shop on real Stripe only (a demo shop's payments
 * live in the sandbox, which has no dashboard); test-mode payments sit under /test.
 */
export function stripePaymentLink(paymentIntentId: string | null, test: boolean, liveShop: boolean): string | null {
  if (!liveShop || paymentIntentId === null) return null;
  return `https://dashboard.stripe.com/${test ? "test/" : ""}payments/${encodeURIComponent(paymentIntentId)}`;
}
