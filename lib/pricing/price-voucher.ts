// The one pricing function: the storefront's pages, the checkout's server-side quote and the
// admin's preview all call it, so a buyer is charged what the page showed and the owner sees
// what buyers will pay. Pure and exact: every step is a BigInt fraction in the store currency's
// minor units, and the only roundings are UP (to the rule's grid) or, under a ceiling, down to
// the grid but never below the minimum margin:
//   cost     = upstream cost × rate (a missing rate refuses: never taken as 1)
//   raw      = max(cost × (1 + tier markup) + fixed, the tier's floor)
//   price    = smallest amount on the rounding grid ≥ raw
//   price    = the largest on the grid ≤ ceiling, when above it (a ceiling needs the face value)
//   margin   = price − payment fee estimate(price) − cost, at least the minimum, else refused
import { currencyExponent, isKnownCurrency } from "@/lib/money/currency";
import type { Money } from "@/lib/money/money";
import { err, ok, type Result } from "@/lib/result";
import { brandKey } from "./brand-key";
import type { CompiledRule, CompiledTier, PricingRules } from "./compile-rules";
import { roundDown, roundUp } from "./rounding";
import type { RuleLevel } from "./rule-set";
import { PERCENT, SCALE, ceilDiv, compareFrac, floorDiv, type Frac } from "./scaled-decimal";

export interface PriceInput {
  /** What upstream debits us, in its own currency (rounded up to its minor unit). */
  cost: Money;
  /** What the card or amount is worth (origin_price; a top-up's amount); null when unknown. */
  faceValue: Money | null;
  serviceId: number;
  /** null for a balance top-up, which has no voucher. */
  voucherId: number | null;
  /** The product's brand as the catalogue shows it (upstream's brand, else the game's name). */
  brand: string;
}

export interface PriceFlags {
  /** Net margin below the set's thin-margin percent of the price. */
  thin: boolean;
  /** Net margin below zero: sold at a loss once the payment fee is paid. */
  negative: boolean;
  /** Price above the face value (when both can be compared in the store currency). */
  aboveFaceValue: boolean;
}

export interface PriceQuote {
  price: Money;
  /** The cost in the store currency, rounded up to its minor unit. */
  cost: Money;
  /** Net margin after the payment fee estimate, rounded down to a minor unit. */
  margin: Money;
  ruleVersion: number;
  appliedRule: { level: RuleLevel; id: string };
  flags: PriceFlags;
}

/** What a refused price would have been, so a preview can still show the row. */
export type WouldBe = Omit<PriceQuote, "ruleVersion">;

export type PriceRefusal =
  | { code: "invalid_cost" }
  | { code: "no_rate"; currency: string }
  | { code: "price_too_large" }
  | { code: "no_face_value" }
  | { code: "below_min_margin"; wouldBe: WouldBe; required: Money }
  | { code: "above_ceiling"; wouldBe: WouldBe; ceiling: Money };

export type PriceResult = Result<PriceQuote, PriceRefusal>;

const MAX_MINOR = BigInt(Number.MAX_SAFE_INTEGER);
/** Powers of ten by exponent gap (ISO exponents are 0–4), kept since a preview converts 20,000 amounts. */
const POW10 = Array.from({ length: 9 }, (_, i) => 10n ** BigInt(i));

export function priceVoucher(input: PriceInput, rules: PricingRules): PriceResult {
  const { cost } = input;
  if (!Number.isSafeInteger(cost.minor) || cost.minor < 0 || !isKnownCurrency(cost.currency)) return err({ code: "invalid_cost" });
  const costInStore = toStore(cost, rules);
  if (!costInStore) return err({ code: "no_rate", currency: cost.currency });
  const rule = ruleFor(input, rules);

  const tier = tierFor(rule, costInStore);
  const marked: Frac = { n: costInStore.n * tier.factor + rule.fixed * costInStore.d * PERCENT, d: costInStore.d * PERCENT };
  const raw = tier.floor && compareFrac(tier.floor, marked) > 0 ? tier.floor : marked;
  const wanted = roundUp(ceilDiv(raw.n, raw.d), rule.grid);

  const face = input.faceValue ? toStore(input.faceValue, rules) : null;
  let price = wanted;
  let ceiling: bigint | null = null;
  if (rule.ceilingPercent !== null) {
    // A ceiling the owner set cannot be checked without the face value or its rate: not sold.
    if (!input.faceValue) return err({ code: "no_face_value" });
    if (!face) return err({ code: "no_rate", currency: input.faceValue.currency });
    ceiling = floorDiv(face.n * rule.ceilingPercent, face.d * PERCENT);
    if (wanted > ceiling) {
      const down = roundDown(ceiling, rule.grid);
      if (down === null) return err({ code: "above_ceiling", wouldBe: describe(wanted, costInStore, face, rule, rules), ceiling: money(ceiling, rules) });
      price = down;
    }
  }
  if (price > MAX_MINOR) return err({ code: "price_too_large" });

  const margin = marginOf(price, costInStore, rules);
  const described = describe(price, costInStore, face, rule, rules, margin);
  const required = requiredMargin(price, rule);
  if (compareFrac(margin, required) < 0) {
    // Held down by the ceiling, it is the ceiling that leaves no room: named as such.
    if (price < wanted) return err({ code: "above_ceiling", wouldBe: described, ceiling: money(ceiling ?? 0n, rules) });
    return err({ code: "below_min_margin", wouldBe: described, required: money(ceilDiv(required.n, required.d), rules) });
  }
  return ok({ ...described, ruleVersion: rules.version });
}

/** True when costs in `currency` can be priced (the store currency, or one with a rate). */
export function canPriceIn(currency: string, rules: PricingRules): boolean {
  return isKnownCurrency(currency) && (currency === rules.storeCurrency || rules.rates.has(currency));
}

/** The most specific rule: voucher, then service, then brand, then global. */
export function ruleFor(input: Pick<PriceInput, "serviceId" | "voucherId" | "brand">, rules: PricingRules): CompiledRule {
  return (
    (input.voucherId !== null ? rules.vouchers.get(String(input.voucherId)) : undefined) ??
    rules.services.get(String(input.serviceId)) ??
    (rules.brands.size > 0 ? rules.brands.get(brandKey(input.brand)) : undefined) ??
    rules.global
  );
}

/** An amount in the store currency's minor units, as an exact fraction; null without a rate. */
function toStore(amount: Money, rules: PricingRules): Frac | null {
  const rate = amount.currency === rules.storeCurrency ? SCALE : rules.rates.get(amount.currency);
  if (rate === undefined || rate <= 0n) return null;
  const shift = rules.storeExponent - currencyExponent(amount.currency);
  return {
    n: BigInt(amount.minor) * rate * (POW10[Math.max(0, shift)] as bigint),
    d: SCALE * (POW10[Math.max(0, -shift)] as bigint),
  };
}

function tierFor(rule: CompiledRule, cost: Frac): CompiledTier {
  let chosen = rule.tiers[0] as CompiledTier;
  for (const tier of rule.tiers) {
    if (tier.from * cost.d <= cost.n) chosen = tier;
    else break;
  }
  return chosen;
}

/** price − fee(price) − cost, where fee = price × fee% + fixed fee. */
function marginOf(price: bigint, cost: Frac, rules: PricingRules): Frac {
  const d = cost.d * PERCENT;
  return { n: price * (PERCENT - rules.feePercent) * cost.d - rules.feeFixed * d - cost.n * PERCENT, d };
}

/** The larger of the rule's minimum amount and percent of the price, and never below zero. */
function requiredMargin(price: bigint, rule: CompiledRule): Frac {
  const byPercent = price * rule.minMarginPercent;
  const byAmount = rule.minMarginMinor * PERCENT;
  return { n: byPercent > byAmount ? byPercent : byAmount, d: PERCENT };
}

function describe(price: bigint, cost: Frac, face: Frac | null, rule: CompiledRule, rules: PricingRules, margin = marginOf(price, cost, rules)): WouldBe {
  const thinLine: Frac = { n: price * rules.thinPercent, d: PERCENT };
  return {
    price: money(price, rules),
    cost: money(ceilDiv(cost.n, cost.d), rules),
    margin: money(floorDiv(margin.n, margin.d), rules),
    appliedRule: { level: rule.level, id: rule.id },
    flags: {
      thin: compareFrac(margin, thinLine) < 0,
      negative: margin.n < 0n,
      aboveFaceValue: face !== null && compareFrac({ n: price, d: 1n }, face) > 0,
    },
  };
}

function money(minor: bigint, rules: PricingRules): Money {
  return { minor: Number(minor), currency: rules.storeCurrency };
}
