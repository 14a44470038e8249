// What the cardholder's bank does once a test card's charge is captured: Stripe's dispute card
// is taken back as fraudulent, its early-fraud-warning card draws a warning. The sandbox does
// it at capture rather than days later, so a test sees it at once.
import type { SandboxContext } from "../context";
import { openDispute } from "./disputes";
import { warnOfFraud } from "./early-fraud-warnings";
import type { StoredPaymentIntent } from "./records";
import { closeReview } from "./reviews";

/** The intent as it stands after the bank's move (its dispute or warning noted in its facts). */
export async function afterCapture(context: SandboxContext, captured: StoredPaymentIntent): Promise<StoredPaymentIntent> {
  const facts = captured.charge_facts;
  if (!facts?.after_capture) return captured;
  if (facts.after_capture === "early_fraud_warning") {
    const warning = await warnOfFraud(context, captured);
    return { ...captured, charge_facts: { ...facts, after_capture: null, early_fraud_warning: warning.id } };
  }
  const dispute = await openDispute(context, captured);
  if (facts.review) await closeReview(context, facts.review, "disputed");
  return { ...captured, charge_facts: { ...facts, after_capture: null, dispute: dispute.id } };
}
