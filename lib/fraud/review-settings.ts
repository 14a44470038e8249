// The owner's settings for the decision at authorization and what follows delivery: what each
// Radar risk level leads to, the card's own limits, the country check, when 3-D Secure is asked
// for, how long a held order waits for the owner, and whether an early fraud warning refunds at
// once. Kept in KV as one JSON value; a missing or unreadable value means the defaults, which
// are on: a shop that never opens the Review page is screened all the same.
import { z } from "zod";
import { getJson, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";

const action = z.enum(["allow", "review", "block"]);
const count = (max: number) => z.coerce.number().int({ error: "expected a whole number" }).min(1, { error: "at least 1" }).max(max, { error: `at most ${max}` });

export const reviewSettingsSchema = z.object({
  /** What Radar's risk level on the charge leads to. */
  risk: z.object({ normal: action, elevated: action, highest: action }),
  /** A payment the buyer authenticated with 3-D Secure is allowed where its risk level alone would hold it. */
  allowAuthenticated: z.boolean(),
  /** More authorized orders than this for one card within the window: held for review. */
  cardOrdersToReview: count(1000),
  /** This many declines of the card within the window: held; `cardDeclinesToBlock`: blocked. */
  cardDeclinesToReview: count(1000),
  cardDeclinesToBlock: count(1000),
  /** The window the card's counts look back over, in hours. */
  windowHours: count(24 * 90),
  /** The card's issuing country differs from the buyer's IP country (where both are known). */
  countryMismatch: action,
  /**
   * When the payment page asks for 3-D Secure: never, for buyers this shop already held, blocked,
   * was warned or disputed about (by email), or always.
   */
  threeDSecure: z.enum(["off", "risky", "always"]),
  /** How long a held order waits for the owner before it is rejected (the authorization's end comes first if sooner). */
  reviewHours: count(24 * 6),
  /** An actionable early fraud warning refunds at once: never, only while the buyer has not seen the code, or always. */
  refundOnWarning: z.enum(["never", "unrevealed", "always"]),
});

export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export type RiskAction = z.infer<typeof action>;

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  risk: { normal: "allow", elevated: "review", highest: "block" },
  allowAuthenticated: true,
  cardOrdersToReview: 3,
  cardDeclinesToReview: 3,
  cardDeclinesToBlock: 8,
  windowHours: 24,
  countryMismatch: "review",
  threeDSecure: "risky",
  reviewHours: 48,
  refundOnWarning: "unrevealed",
};

/**
 * A demo's defaults: every visitor pays with the one published test card, whose fingerprint is
 * the same on every payment (as on Stripe), so a per-card order limit would hold the whole
 * demo's fourth purchase of the day. Everything else is screened as in a live shop.
 */
export const DEMO_REVIEW_SETTINGS: ReviewSettings = { ...DEFAULT_REVIEW_SETTINGS, cardOrdersToReview: 1000 };

export const REVIEW_SETTINGS_KEY = "fraud:review-settings";

/** The stored settings, or `defaults` when none are stored or they no longer parse (logged). */
export async function readReviewSettings(kv: Kv, defaults: ReviewSettings): Promise<ReviewSettings> {
  try {
    return (await getJson(kv, REVIEW_SETTINGS_KEY, reviewSettingsSchema)) ?? defaults;
  } catch (error) {
    console.warn(`[fraud] review settings unreadable, using the defaults: ${error instanceof Error ? error.message : String(error)}`);
    return defaults;
  }
}

export async function saveReviewSettings(kv: Kv, settings: ReviewSettings): Promise<void> {
  await setJson(kv, REVIEW_SETTINGS_KEY, reviewSettingsSchema.parse(settings));
}
