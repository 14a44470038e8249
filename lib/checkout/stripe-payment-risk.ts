// What Stripe says of an authorized payment's risk, read once when the order is screened: the
// successful charge's Radar outcome, its card (fingerprint, issuing country, 3-D Secure result)
// and open review, and the declined attempts before it on the same payment. One list call: the
// payment's charges carry all of it.
import type Stripe from "stripe";
import { err, ok, type Result } from "@/lib/result";
import type { PaymentsError } from "./checkout-deps";
import { attempt } from "./stripe-payments";

export interface PaymentRisk {
  riskLevel: string | null;
  riskScore: number | null;
  card: string | null;
  cardCountry: string | null;
  authenticated: boolean;
  radarReview: string | null;
  /** Declined charges on this payment before the one that went through, with their card. */
  declines: { chargeId: string; card: string | null; at: number }[];
}

export type PaymentRiskReader = (intentId: string) => Promise<Result<PaymentRisk, PaymentsError>>;

export function stripePaymentRisk(stripe: Stripe): PaymentRiskReader {
  return async (intentId) => {
    const listed = await attempt(() => stripe.charges.list({ payment_intent: intentId, limit: 20 }));
    if (!listed.ok) return listed;
    const charges = listed.value.data;
    const paid = charges.find((charge) => charge.status === "succeeded");
    if (!paid) return err({ code: "no_charge", message: `payment ${intentId} has no successful charge yet`, mayHaveTakenEffect: false });
    const card = paid.payment_method_details?.card ?? null;
    return ok({
      riskLevel: paid.outcome?.risk_level ?? null,
      riskScore: paid.outcome?.risk_score ?? null,
      card: card?.fingerprint ?? null,
      cardCountry: card?.country ?? null,
      authenticated: card?.three_d_secure?.result === "authenticated",
      radarReview: typeof paid.review === "string" ? paid.review : (paid.review?.id ?? null),
      declines: charges
        .filter((charge) => charge.status === "failed")
        .map((charge) => ({ chargeId: charge.id, card: charge.payment_method_details?.card?.fingerprint ?? null, at: charge.created * 1000 })),
    });
  };
}
