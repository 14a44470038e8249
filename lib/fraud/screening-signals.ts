// The decisions an order can get, and the signals the decision at authorization reads: what
// the payment provider said of the charge and what the shop remembers of the card. The order
// keeps both (lib/checkout/fraud-facts.ts), so the admin shows why.
import { z } from "zod";

export const SCREENING_DECISIONS = ["allow", "three_d_secure", "review", "block"] as const;
export type ScreeningDecision = (typeof SCREENING_DECISIONS)[number];

export const screeningSignalsSchema = z.object({
  /** Radar's level ("normal", "elevated", "highest") and score; null when the charge carries none. */
  riskLevel: z.string().max(40).nullable(),
  riskScore: z.number().int().nullable(),
  /** The card's fingerprint: the same card on every order, whatever name is typed with it. */
  card: z.string().max(64).nullable(),
  cardCountry: z.string().max(2).nullable(),
  ipCountry: z.string().max(2).nullable(),
  /** The buyer passed 3-D Secure on this payment: the bank, not the shop, carries a fraud dispute. */
  authenticated: z.boolean(),
  /** Orders this card authorized before this one, within the settings' window. */
  cardOrders: z.number().int().nonnegative(),
  /** Declines this card had within the settings' window. */
  cardDeclines: z.number().int().nonnegative(),
  /** Radar sent the payment to its own review queue (the review's id). */
  radarReview: z.string().max(64).nullable(),
});

export type ScreeningSignals = z.infer<typeof screeningSignalsSchema>;
