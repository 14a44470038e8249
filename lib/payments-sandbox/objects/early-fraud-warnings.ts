// Early fraud warnings: the issuer's notice that a captured charge may be fraud, before any
// dispute. Actionable while the charge is neither disputed nor fully refunded, so it is
// worked out whenever the warning is read.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import { resourceMissing, type StripeError } from "../stripe-error";
import { emitEvent } from "../webhooks/emit-event";
import { storeCreated } from "./list-index";
import type { EarlyFraudWarning, StoredPaymentIntent } from "./records";

export async function warnOfFraud(context: SandboxContext, stored: StoredPaymentIntent): Promise<EarlyFraudWarning> {
  const warning: EarlyFraudWarning = {
    id: context.ids("issfr"),
    object: "radar.early_fraud_warning",
    actionable: true,
    charge: stored.intent.latest_charge ?? "",
    created: unixSeconds(context.clock),
    fraud_type: "made_with_stolen_card",
    livemode: false,
    payment_intent: stored.intent.id,
  };
  await storeCreated(context, "issfr", warning.id, warning, warning.created);
  await emitEvent(context, "radar.early_fraud_warning.created", warning);
  return warning;
}

export async function readEarlyFraudWarning(context: SandboxContext, id: string): Promise<Result<EarlyFraudWarning, StripeError>> {
  const warning = await context.store.read("issfr", id);
  if (!warning) return err(resourceMissing("radar.early_fraud_warning", id, "early_fraud_warning"));
  const intent = await context.store.read("pi", warning.payment_intent);
  const refundedInFull = intent !== null && intent.amount_refunded >= intent.intent.amount_received;
  const disputed = Boolean(intent?.charge_facts?.dispute);
  return ok({ ...warning, actionable: !refundedInFull && !disputed });
}
