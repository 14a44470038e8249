// The charge behind an authorized intent, derived rather than stored: the shop meets it in
// charge.refunded events, as a refund's `charge` and in the charges list.
import type Stripe from "stripe";
import { emptyBillingDetails, type CardFacts } from "./card-facts";
import type { Charge, StoredPaymentIntent } from "./records";

/** What a charge says when Radar and the network had nothing against it. */
export const AUTHORIZED_OUTCOME: Stripe.Charge.Outcome = {
  advice_code: null,
  network_advice_code: null,
  network_decline_code: null,
  network_status: "approved_by_network",
  reason: null,
  risk_level: "normal",
  risk_score: 20,
  seller_message: "Payment complete.",
  type: "authorized",
};

export function chargeOf(stored: StoredPaymentIntent): Charge {
  const { intent } = stored;
  const facts = stored.charge_facts;
  return {
    id: intent.latest_charge ?? "",
    object: "charge",
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: stored.amount_refunded,
    billing_details: emptyBillingDetails(),
    captured: intent.amount_received > 0,
    created: stored.charge_created ?? intent.created,
    currency: intent.currency,
    description: intent.description,
    disputed: Boolean(facts?.dispute),
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: intent.metadata,
    outcome: facts?.outcome ?? AUTHORIZED_OUTCOME,
    paid: true,
    payment_intent: intent.id,
    payment_method: facts?.payment_method ?? null,
    payment_method_details: facts ? cardDetails(facts.card, facts.three_d_secure) : null,
    refunded: stored.amount_refunded > 0 && stored.amount_refunded === intent.amount_received,
    review: facts?.review ?? null,
    status: "succeeded",
  };
}

/** The charge's payment_method_details for a card, as Stripe sends them. */
export function cardDetails(card: CardFacts, threeDSecure: ChargeFactsThreeDSecure): Stripe.Charge.PaymentMethodDetails {
  return {
    type: "card",
    card: {
      amount_authorized: null,
      authorization_code: null,
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
      country: card.country,
      electronic_commerce_indicator: null,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint,
      funding: card.funding,
      installments: null,
      last4: card.last4,
      mandate: null,
      network: card.brand,
      network_transaction_id: null,
      regulated_status: null,
      three_d_secure: threeDSecure
        ? {
            authentication_flow: "challenge",
            electronic_commerce_indicator: null,
            exemption_indicator: null,
            result: threeDSecure.result,
            result_reason: null,
            transaction_id: null,
            version: "2.2.0",
          }
        : null,
      transaction_link_id: null,
      wallet: null,
    },
  };
}

type ChargeFactsThreeDSecure = NonNullable<StoredPaymentIntent["charge_facts"]>["three_d_secure"];

/** A charge the attempt made and Radar or the issuer refused: stored, since no intent carries it. */
export function failedCharge(
  intent: StoredPaymentIntent["intent"],
  id: string,
  created: number,
  attempt: { payment_method: string; card: CardFacts; outcome: Stripe.Charge.Outcome },
  failure: { code: string; message: string },
): Charge {
  return {
    id,
    object: "charge",
    amount: intent.amount,
    amount_captured: 0,
    amount_refunded: 0,
    billing_details: emptyBillingDetails(),
    captured: false,
    created,
    currency: intent.currency,
    description: intent.description,
    disputed: false,
    failure_code: failure.code,
    failure_message: failure.message,
    livemode: false,
    metadata: intent.metadata,
    outcome: attempt.outcome,
    paid: false,
    payment_intent: intent.id,
    payment_method: attempt.payment_method,
    payment_method_details: cardDetails(attempt.card, null),
    refunded: false,
    review: null,
    status: "failed",
  };
}
