// The decision at authorization, from the payment's signals, a blocklist match and the owner's
// settings. Every signal that fires adds its reason with the action it asks for; the order gets
// the strictest of them (block over review over allow), so the owner sees every reason, not just
// the first. Pure: the same inputs always give the same decision, which the tests rely on.
import type { BlockEntry } from "./block-port";
import type { ReviewSettings, RiskAction } from "./review-settings";
import type { ScreeningDecision, ScreeningSignals } from "./screening-signals";

export interface Decided {
  decision: ScreeningDecision;
  /** Codes the admin translates (admin.review.reasons), strictest first. */
  reasons: string[];
}

const SEVERITY: Record<RiskAction, number> = { allow: 0, review: 1, block: 2 };
const RISK_LEVELS = ["normal", "elevated", "highest"] as const;

/**
 * `threeDSecureAsked`: the payment page asked for 3-D Secure (decidePageAuthentication); an
 * order allowed after that is recorded as "three_d_secure", so the owner sees it was required.
 */
export function decideAtAuthorization(signals: ScreeningSignals, blocked: BlockEntry | null, settings: ReviewSettings, threeDSecureAsked: boolean): Decided {
  const fired: { action: RiskAction; reason: string }[] = [];
  if (blocked) fired.push({ action: "block", reason: `blocklisted_${blocked.kind}` });
  const level = RISK_LEVELS.find((known) => known === signals.riskLevel);
  if (level) {
    const action = settings.risk[level];
    // Authenticated by the bank: a fraud dispute is the bank's to carry, so a hold becomes an allow.
    const eased = action === "review" && signals.authenticated && settings.allowAuthenticated;
    if (action !== "allow" || level !== "normal") fired.push({ action: eased ? "allow" : action, reason: eased ? `risk_${level}_authenticated` : `risk_${level}` });
  }
  if (signals.radarReview !== null) fired.push({ action: signals.authenticated && settings.allowAuthenticated ? "allow" : "review", reason: "radar_review" });
  if (signals.cardDeclines >= settings.cardDeclinesToBlock) fired.push({ action: "block", reason: "card_declines" });
  else if (signals.cardDeclines >= settings.cardDeclinesToReview) fired.push({ action: "review", reason: "card_declines" });
  if (signals.cardOrders >= settings.cardOrdersToReview) fired.push({ action: "review", reason: "card_velocity" });
  if (signals.cardCountry && signals.ipCountry && signals.cardCountry !== signals.ipCountry) fired.push({ action: settings.countryMismatch, reason: "country_mismatch" });

  fired.sort((a, b) => SEVERITY[b.action] - SEVERITY[a.action]);
  const strictest = fired[0]?.action ?? "allow";
  const reasons = fired.map((signal) => signal.reason);
  if (strictest === "allow") return { decision: threeDSecureAsked ? "three_d_secure" : "allow", reasons: threeDSecureAsked ? ["three_d_secure_asked", ...reasons] : reasons };
  return { decision: strictest, reasons };
}

/** Whether the payment page asks for 3-D Secure, from what is known before any card is typed. */
export function decidePageAuthentication(settings: ReviewSettings, buyerFlagged: boolean): boolean {
  return settings.threeDSecure === "always" || (settings.threeDSecure === "risky" && buyerFlagged);
}
