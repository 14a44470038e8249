// The charge behind a captured intent, derived rather than stored: the shop only meets it in
// charge.refunded events and as a refund's `charge`.
import type { Charge, StoredPaymentIntent } from "./records";

export function chargeOf(stored: StoredPaymentIntent): Charge {
  const { intent } = stored;
  return {
    id: intent.latest_charge ?? "",
    object: "charge",
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: stored.amount_refunded,
    captured: intent.amount_received > 0,
    currency: intent.currency,
    payment_intent: intent.id,
    refunded: stored.amount_refunded > 0 && stored.amount_refunded === intent.amount_received,
  };
}
