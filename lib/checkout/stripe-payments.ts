// The checkout's CheckoutPayments on the shop's payment module: the same `stripe` package and code
// path against Stripe or our payments sandbox. Stripe's thrown errors become values that say
// whether the request may have been applied, which is what `advance` needs to decide.
import Stripe from "stripe";
import { err, ok, type Result } from "@/lib/result";
import {
  cancelPayment,
  capturePayment,
  expireCheckout,
  openCheckout,
  refundPayment,
  retrieveCheckout,
} from "@/lib/payments/payment-actions";
import type { IntentStatus, PaymentsError, CheckoutPayments, PaymentView, SessionStatus } from "./checkout-deps";

export function stripePayments(stripe: Stripe): CheckoutPayments {
  return {
    openCheckout: (input) =>
      attempt(async () => {
        const session = await openCheckout(stripe, {
          orderId: input.orderId,
          amount: input.amount,
          productName: input.description,
          successUrl: input.returnUrl,
          cancelUrl: input.returnUrl,
          customerEmail: input.email,
          expiresAt: input.expiresAt,
          attempt: input.attempt,
          threeDSecure: input.threeDSecure,
        });
        if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
        return { sessionId: session.id, url: session.url, expiresAt: session.expires_at };
      }),
    readCheckout: (sessionId) => attempt(async () => paymentView(await retrieveCheckout(stripe, sessionId))),
    expireCheckout: (sessionId, orderId) => attempt(async () => void (await expireCheckout(stripe, orderId, sessionId))),
    capture: (intentId, orderId) => attempt(async () => void (await capturePayment(stripe, orderId, intentId))),
    cancel: (intentId, orderId) => attempt(async () => void (await cancelPayment(stripe, orderId, intentId))),
    refund: (intentId, orderId, part) =>
      attempt(async () => {
        // One full refund per order, so one key per order ("full") makes a repeat a replay; a
        // partial one is keyed by its request ("owner-" keeps it apart from "full").
        try {
          const refund = await refundPayment(
            stripe,
            part
              ? { orderId, paymentIntentId: intentId, refundId: `owner-${part.requestId}`, amount: part.amount }
              : { orderId, paymentIntentId: intentId, refundId: "full" },
          );
          return { refundId: refund.id };
        } catch (error) {
          // A full refund retried after Stripe forgot its key (a day after a lost answer) finds
          // the charge refunded already, by that very request: the refund is done, not refused.
          if (part || !(error instanceof Stripe.errors.StripeError) || error.code !== "charge_already_refunded") throw error;
          const latest = (await stripe.refunds.list({ payment_intent: intentId, limit: 1 })).data[0];
          if (!latest) throw error;
          return { refundId: latest.id };
        }
      }),
  };
}

function paymentView(session: Stripe.Checkout.Session): PaymentView {
  const intent = session.payment_intent;
  return {
    session: (session.status ?? "open") as SessionStatus,
    intent:
      intent && typeof intent === "object"
        ? { id: intent.id, status: intent.status as IntentStatus }
        : null,
  };
}

/** A Stripe call as a value: its thrown error mapped to what the checkout decides on. */
export async function attempt<T>(call: () => Promise<T>): Promise<Result<T, PaymentsError>> {
  try {
    return ok(await call());
  } catch (error) {
    return err(toPaymentsError(error));
  }
}

/**
 * A connection failure or a 5xx may have been applied by Stripe before the answer was lost;
 * a 4xx (invalid request, card error) was not. An idempotency error is no refusal: the key's
 * first request may well have been applied, so it counts as "may have". Anything that is not
 * a Stripe error at all (a bug of ours, a broken transport) is a value too — with "may have",
 * since we cannot tell how far the call got — so that one order's surprise is recorded on that
 * order instead of stopping the sweep for all of them.
 */
function toPaymentsError(error: unknown): PaymentsError {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return { code: "unexpected", message: error instanceof Error ? error.message : String(error), mayHaveTakenEffect: true };
  }
  const status = error.statusCode ?? 0;
  const mayHaveTakenEffect =
    error.type === "StripeConnectionError" || error.type === "StripeAPIError" || error.type === "StripeIdempotencyError" || status >= 500;
  // Another request ran under this key (not one still running: idempotency_key_in_use), or
  // Stripe validated our frozen page expiry and found it too near, which it does only for a
  // request it never ran (a request it ran is replayed, not validated).
  const needsNewKey =
    (error.type === "StripeIdempotencyError" && error.code !== "idempotency_key_in_use") ||
    (error.type === "StripeInvalidRequestError" && error.param === "expires_at");
  return { code: error.code ?? error.type, message: error.message, mayHaveTakenEffect, needsNewKey };
}

