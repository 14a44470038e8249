// Radar's verdict on a payment, as Stripe reports it in the charge's `outcome`: the test card's
// risk level and score, whether the default rules block it (highest risk) or send it to review
// (elevated risk), and what the card network said.
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import type { RiskLevel, TestCard } from "./test-cards";

export type RadarVerdict =
  | { kind: "blocked"; outcome: Stripe.Charge.Outcome }
  | { kind: "declined"; outcome: Stripe.Charge.Outcome }
  | { kind: "review"; outcome: Stripe.Charge.Outcome }
  | { kind: "authorized"; outcome: Stripe.Charge.Outcome };

/** Stripe's score bands: normal below 65, elevated 65–74, highest 75 and above. */
const SCORE_BANDS: Record<RiskLevel, [number, number]> = { normal: [5, 64], elevated: [65, 74], highest: [75, 99] };

/** A score within the level's band that is the same for the same card, so tests can rely on it. */
export function riskScore(card: Pick<TestCard, "digits" | "risk">): number {
  const [low, high] = SCORE_BANDS[card.risk];
  const spread = createHash("sha256").update(card.digits).digest().readUInt16BE(0) % (high - low + 1);
  return low + spread;
}

/**
 * `blockHighestRisk` is Stripe's default rule "Block if :risk_level: = 'highest'"; a card
 * Stripe always blocks is blocked without it. Elevated risk goes to review, as the rule
 * "Review if :risk_level: = 'elevated'" does.
 */
export function radarVerdict(card: TestCard, blockHighestRisk: boolean): RadarVerdict {
  const risk = { risk_level: card.risk, risk_score: riskScore(card) };
  const none = { advice_code: null, network_advice_code: null, network_decline_code: null };
  if (card.alwaysBlocked || (card.risk === "highest" && blockHighestRisk)) {
    return {
      kind: "blocked",
      outcome: { ...none, ...risk, network_status: "not_sent_to_network", reason: "highest_risk_level", seller_message: "Stripe blocked this payment as too risky.", type: "blocked" },
    };
  }
  if (card.decline) {
    return {
      kind: "declined",
      outcome: {
        ...none,
        ...risk,
        network_status: "declined_by_network",
        reason: card.decline.decline_code,
        seller_message: "The bank did not return any further details with this decline.",
        type: "issuer_declined",
      },
    };
  }
  if (card.risk === "elevated") {
    return {
      kind: "review",
      outcome: {
        ...none,
        ...risk,
        network_status: "approved_by_network",
        reason: "elevated_risk_level",
        seller_message: "Stripe evaluated this payment as having elevated risk, and placed it in your manual review queue.",
        type: "manual_review",
      },
    };
  }
  return { kind: "authorized", outcome: { ...none, ...risk, network_status: "approved_by_network", reason: null, seller_message: "Payment complete.", type: "authorized" } };
}
