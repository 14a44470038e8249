// The owner's pricing rules as stored: one version of the whole set (global, brand, service and
// voucher rules, the exchange rates with when each was set, the payment fee estimate). Types
// come from these schemas; a stored version is parsed with them, never trusted.
import { z } from "zod";
import { isKnownCurrency } from "@/lib/money/currency";
import { chargeStepMinor } from "@/lib/money/stripe-amount";
import { isPlainDecimal, scaledDecimal } from "./scaled-decimal";

const decimal = z.string().trim().refine(isPlainDecimal, { error: "expected a plain decimal such as 7.5 (up to 8 decimals)", abort: true });
/** A percent of up to 1000: a typo such as 80000 must not reach a price. */
const percent = decimal.refine((text) => scaledDecimal(text) <= scaledDecimal("1000"), { error: "expected a percent of at most 1000" });
/** An amount in minor units of the store currency. */
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const currency = z.string().regex(/^[A-Z]{3}$/).refine(isKnownCurrency, { error: "not an ISO 4217 currency code" });

export const roundingSchema = z.discriminatedUnion("mode", [
  /** Up to the next amount the payment provider can charge (a minor unit; 10 fils for KWD). */
  z.object({ mode: z.literal("none") }),
  /** Up to a whole unit: 10.01 → 11.00. */
  z.object({ mode: z.literal("whole") }),
  /** Up to the next .99: 10.50 → 10.99, 10.99 stays, 11.00 → 11.99. */
  z.object({ mode: z.literal("charm_99") }),
  /** Up to the next .49 or .99: 10.20 → 10.49, 10.50 → 10.99. */
  z.object({ mode: z.literal("charm_49_99") }),
  /** Up to a multiple of a step in minor units, e.g. 5 for 0.05. */
  z.object({ mode: z.literal("step"), stepMinor: z.number().int().min(1).max(1_000_000_000) }),
]);
export type Rounding = z.infer<typeof roundingSchema>;

export const tierSchema = z.object({
  /** The tier applies from this cost, converted to the store currency, in its minor units. */
  fromCostMinor: minor.min(1),
  markupPercent: percent,
});

export const ruleSchema = z.object({
  markupPercent: percent.default("0"),
  /** Added after the markup, in store-currency minor units (e.g. to cover a payment fee). */
  fixedMinor: minor.default(0),
  /** Other markups for dearer items, by ascending cost; below the first, `markupPercent`. */
  tiers: z
    .array(tierSchema)
    .max(20)
    .default([])
    .refine((tiers) => tiers.every((tier, i) => i === 0 || tier.fromCostMinor > (tiers[i - 1]?.fromCostMinor ?? 0)), {
      error: "tiers must be in ascending order of cost, each from a different cost",
    }),
  rounding: roundingSchema.default({ mode: "none" }),
  /** Net margin (after the fee estimate) below which the item is not sold: an amount and/or a percent of the price. */
  minMargin: z.object({ minor: minor.default(0), percent: percent.default("0") }).prefault({}),
  /** Never above this percent of the face value (100: never above face value); null: no ceiling. */
  ceiling: z.object({ faceValuePercent: percent.refine((text) => scaledDecimal(text) > 0n, { error: "must be above 0" }) }).nullable().default(null),
});
export type Rule = z.infer<typeof ruleSchema>;
export type RuleInput = z.input<typeof ruleSchema>;

export const rateSchema = z.object({
  /** Store-currency units per one unit of the currency. */
  rate: decimal.refine((text) => scaledDecimal(text) > 0n, { error: "a rate must be above 0" }),
  /** When the owner (or the settings, at first start) set it, ms since the epoch. */
  setAt: z.number().int().min(0),
});
export type Rate = z.infer<typeof rateSchema>;

/** Brand keys are slugs of the brand name (lib/pricing/brand-key.ts). */
const brandKey = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "expected a brand key such as vaultline" });
/** Upstream service and voucher ids, as object keys. */
const idKey = z.string().regex(/^[1-9]\d{0,14}$/, { error: "expected a positive integer id" });

const ruleContentObject = z.object({
  storeCurrency: currency,
  /** What the payment provider is estimated to keep of a price: e.g. 2.9 % + 30 minor units. */
  paymentFee: z.object({ percent: percent.default("0"), fixedMinor: minor.default(0) }).prefault({}),
  /** A sold item whose net margin is under this percent of its price is flagged thin in the preview. */
  thinMarginPercent: percent.default("5"),
  rates: z.record(currency, rateSchema).default({}),
  global: ruleSchema,
  brands: z.record(brandKey, ruleSchema).default({}),
  services: z.record(idKey, ruleSchema).default({}),
  vouchers: z.record(idKey, ruleSchema).default({}),
});

/** Every rounding must land on amounts the payment provider can charge in the store currency. */
function checkRoundings(content: z.infer<typeof ruleContentObject>, ctx: z.RefinementCtx): void {
  const step = chargeStepMinor(content.storeCurrency);
  const check = (rule: Rule, path: (string | number)[]) => {
    if (rule.rounding.mode === "step" && rule.rounding.stepMinor % step !== 0) {
      ctx.addIssue({ code: "custom", path: [...path, "rounding", "stepMinor"], message: `must be a multiple of ${step} in ${content.storeCurrency}` });
    }
  };
  check(content.global, ["global"]);
  for (const level of ["brands", "services", "vouchers"] as const) {
    for (const [id, rule] of Object.entries(content[level])) check(rule, [level, id]);
  }
}

/** What an owner edits and saves: everything but the version's own facts. */
export const ruleContentSchema = ruleContentObject.superRefine(checkRoundings);
export type RuleContent = z.infer<typeof ruleContentSchema>;
export type RuleContentInput = z.input<typeof ruleContentSchema>;

export const versionFactsSchema = z.object({
  version: z.number().int().min(1),
  savedAt: z.number().int().min(0),
  /** Who saved it: an admin's email, or "settings" for the first version. */
  savedBy: z.string().min(1).max(320),
  note: z.string().max(500),
  /** Set when this version is a restored copy of an earlier one. */
  restoredFrom: z.number().int().min(1).optional(),
});
export type VersionFacts = z.infer<typeof versionFactsSchema>;

/** One stored version of the rules. */
export const ruleSetSchema = ruleContentObject.extend(versionFactsSchema.shape).superRefine(checkRoundings);
export type RuleSet = z.infer<typeof ruleSetSchema>;

export type RuleLevel = "global" | "brand" | "service" | "voucher";
