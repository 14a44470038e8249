// The charge behind an authorized intent, derived rather than stored: the shop meets it in
// charge.refunded events, as a refund's `charge` and in the charges list.
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
    created: stored.charge_created ?? intent.created,
    currency: intent.currency,
    payment_intent: intent.id,
    refunded: stored.amount_refunded > 0 && stored.amount_refunded === intent.amount_received,
  };
}
