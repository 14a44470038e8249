// The PaymentMethod Checkout makes of the card the buyer typed: where Stripe reports the card's
// fingerprint and issuing country, retrievable at /v1/payment_methods/:id.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import { resourceMissing, type StripeError } from "../stripe-error";
import type { CardFacts } from "./card-facts";
import type { PaymentMethod } from "./records";

/** The method of the card typed, not yet stored: Pay stores it with what the attempt decides. */
export function newPaymentMethod(context: SandboxContext, card: CardFacts): PaymentMethod {
  return {
    id: context.ids("pm"),
    object: "payment_method",
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
      country: card.country,
      display_brand: card.brand,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint,
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: null,
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixSeconds(context.clock),
    customer: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

export async function readPaymentMethod(context: SandboxContext, id: string): Promise<Result<PaymentMethod, StripeError>> {
  const method = await context.store.read("pm", id);
  return method ? ok(method) : err(resourceMissing("payment_method", id, "payment_method"));
}
