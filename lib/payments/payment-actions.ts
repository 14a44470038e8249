// The shop's payment verbs. Each POST carries our own idempotency key derived from the order,
// so a retried request (ours or the stripe package's) never authorizes or refunds twice.
import type Stripe from "stripe";
import { toStripeAmount, type Money } from "@/lib/money";

/** Prices are rounded to what Stripe can charge (pricing.ts), so a refusal here is a bug, thrown. */
function stripeAmount(money: Money): { amount: number; currency: string } {
  const converted = toStripeAmount(money);
  if (!converted.ok) throw new RangeError(converted.error.message);
  return converted.value;
}

/** A Checkout Session in Stripe's own terms: callers map their own request to it. */
export interface CheckoutSessionInput {
  orderId: string;
  amount: Money;
  productName: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** Seconds since the epoch; Stripe allows 30 minutes to 24 hours ahead. */
  expiresAt?: number;
  /** Which opening request of the order this is (0 for the first): each has its own key. */
  attempt?: number;
  /** Ask the card's bank for 3-D Secure whatever the card ("any"), not only where it requires it. */
  threeDSecure?: boolean;
}

/** Open a Checkout Session that authorizes now and is captured once the code is issued. */
export function openCheckout(stripe: Stripe, input: CheckoutSessionInput): Promise<Stripe.Checkout.Session> {
  const { amount, currency } = stripeAmount(input.amount);
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: input.productName } } }],
      payment_intent_data: { capture_method: "manual", metadata: { order_id: input.orderId } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.orderId,
      customer_email: input.customerEmail,
      expires_at: input.expiresAt,
      metadata: { order_id: input.orderId },
      ...(input.threeDSecure ? { payment_method_options: { card: { request_three_d_secure: "any" as const } } } : {}),
    },
    { idempotencyKey: input.attempt ? `authorize:${input.orderId}:${input.attempt}` : `authorize:${input.orderId}` },
  );
}

export function capturePayment(stripe: Stripe, orderId: string, paymentIntentId: string): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.capture(paymentIntentId, {}, { idempotencyKey: `capture:${orderId}` });
}

export function cancelPayment(stripe: Stripe, orderId: string, paymentIntentId: string): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: "abandoned" }, { idempotencyKey: `cancel:${orderId}` });
}

/** Refund all, or `amount` of, a captured payment; `refundId` tells one partial refund from the next. */
export function refundPayment(
  stripe: Stripe,
  input: { orderId: string; paymentIntentId: string; refundId: string; amount?: Money },
): Promise<Stripe.Refund> {
  return stripe.refunds.create(
    { payment_intent: input.paymentIntentId, amount: input.amount ? stripeAmount(input.amount).amount : undefined, metadata: { order_id: input.orderId } },
    { idempotencyKey: `refund:${input.orderId}:${input.refundId}` },
  );
}

export function expireCheckout(stripe: Stripe, orderId: string, sessionId: string): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire:${orderId}` });
}

export function retrieveCheckout(stripe: Stripe, sessionId: string): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] });
}

/** The dispute's evidence, submitted to the bank at once (Stripe's `submit: true`); once per dispute. */
export function submitDisputeEvidence(stripe: Stripe, orderId: string, disputeId: string, evidence: Stripe.DisputeUpdateParams.Evidence): Promise<Stripe.Dispute> {
  return stripe.disputes.update(disputeId, { evidence, submit: true }, { idempotencyKey: `dispute-evidence:${orderId}:${disputeId}` });
}
