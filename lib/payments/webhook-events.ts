// The Stripe events this shop's webhook endpoint takes, as a Stripe endpoint's `enabled_events`:
// what a live shop selects in Stripe's dashboard (README, "Payments") and all the embedded
// payments sandbox sends. Every event only wakes its order, which then reads the payment back,
// so an event the checkout learns nothing from costs a request and a look at the order. Left
// out: `payment_intent.amount_capturable_updated`, which says what `checkout.session.completed`
// says for a manual-capture Checkout, and `payment_intent.succeeded`, the echo of the shop's own
// capture (a capture whose answer is lost is asked again under its idempotency key).
export const SHOP_STRIPE_EVENTS = [
  "checkout.session.completed",
  "checkout.session.expired",
  "payment_intent.canceled",
  "payment_intent.payment_failed",
  "charge.refunded",
  // What the bank and Radar say after authorization (lib/checkout/bank-events.ts).
  "review.opened",
  "review.closed",
  "radar.early_fraud_warning.created",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
] as const;
