// The decision for one authorized order: read the payment's risk from Stripe, count the card's
// own orders and declines, look the card and the email up in the blocklist, and apply the
// owner's rules (lib/fraud). The card's history is written here too: this payment's declines
// before counting (they are part of this card's record), this order after.
import { cardCounts, recordCardDecline, recordCardOrder } from "@/lib/fraud/card-history";
import { decideAtAuthorization, type Decided } from "@/lib/fraud/decide-at-authorization";
import type { ScreeningSignals } from "@/lib/fraud/screening-signals";
import { err, ok, type Result } from "@/lib/result";
import type { PaymentsError } from "../checkout-deps";
import type { OrderRecord } from "../order-record";
import type { ScreeningDeps } from "./screening-deps";

export interface Assessment extends Decided {
  signals: ScreeningSignals;
}

const HOUR_MS = 3600_000;

export async function assessOrder(order: OrderRecord, deps: ScreeningDeps, now: number): Promise<Result<Assessment, PaymentsError>> {
  const intentId = order.payment.paymentIntentId;
  if (intentId === null) return err({ code: "no_payment", message: "the order has no payment to screen", mayHaveTakenEffect: false });
  const [risk, settings] = await Promise.all([deps.readRisk(intentId), deps.settings()]);
  if (!risk.ok) return risk;
  const { card } = risk.value;
  await Promise.all(risk.value.declines.flatMap((decline) => (decline.card ? [recordCardDecline(deps.kv, decline.card, decline.chargeId, decline.at)] : [])));
  const [counts, blocked] = await Promise.all([
    card ? cardCounts(deps.kv, card, now - settings.windowHours * HOUR_MS, order.id) : { orders: 0, declines: 0 },
    deps.blocklist.match({ email: order.email, ...(card ? { card } : {}) }),
  ]);
  const signals: ScreeningSignals = {
    riskLevel: risk.value.riskLevel,
    riskScore: risk.value.riskScore,
    card,
    cardCountry: risk.value.cardCountry,
    ipCountry: order.buyer?.country ?? null,
    authenticated: risk.value.authenticated,
    cardOrders: counts.orders,
    cardDeclines: counts.declines,
    radarReview: risk.value.radarReview,
  };
  const decided = decideAtAuthorization(signals, blocked, settings, order.payment.threeDSecure === true);
  if (card) await recordCardOrder(deps.kv, card, order.id, now);
  return ok({ ...decided, signals });
}
