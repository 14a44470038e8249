// A stored rule set turned into what pricing works with: decimals as scaled BigInts, rounding
// as a grid, and each margin tier's floor worked out once. Memoised per parsed set, so the
// storefront compiles a version once per process (current-rules.ts) and a preview once per run.
import { currencyExponent } from "@/lib/money/currency";
import { roundingGrid, type RoundingGrid } from "./rounding";
import type { Rule, RuleLevel, RuleSet } from "./rule-set";
import { PERCENT, scaledDecimal, type Frac } from "./scaled-decimal";

export interface CompiledTier {
  /** Converted cost (store minor units) from which the tier applies; 0 for the base markup. */
  from: bigint;
  /** 100% + markup, over PERCENT. */
  factor: bigint;
  /**
   * The price the tier below reaches at this tier's first cost. A dearer tier with a lower
   * markup starts from it, so a dearer item never sells for less than a cheaper one.
   */
  floor: Frac | null;
}

export interface CompiledRule {
  level: RuleLevel;
  /** "global", the brand key, or the service or voucher id. */
  id: string;
  tiers: CompiledTier[];
  fixed: bigint;
  grid: RoundingGrid;
  minMarginMinor: bigint;
  minMarginPercent: bigint;
  /** Percent of face value, scaled by 10^8; null: no ceiling. */
  ceilingPercent: bigint | null;
}

export interface PricingRules {
  version: number;
  storeCurrency: string;
  storeExponent: number;
  /** Scaled store-currency units per unit, by upstream currency. */
  rates: ReadonlyMap<string, bigint>;
  feePercent: bigint;
  feeFixed: bigint;
  thinPercent: bigint;
  global: CompiledRule;
  brands: ReadonlyMap<string, CompiledRule>;
  services: ReadonlyMap<string, CompiledRule>;
  vouchers: ReadonlyMap<string, CompiledRule>;
  /** The stored set it came from. */
  source: RuleSet;
}

const compiled = new WeakMap<RuleSet, PricingRules>();

export function compileRules(set: RuleSet): PricingRules {
  const known = compiled.get(set);
  if (known) return known;
  const store = set.storeCurrency;
  const level = (name: RuleLevel, rules: Record<string, Rule>) =>
    new Map(Object.entries(rules).map(([id, rule]) => [id, compileRule(rule, name, id, store)]));
  const rules: PricingRules = {
    version: set.version,
    storeCurrency: store,
    storeExponent: currencyExponent(store),
    rates: new Map(Object.entries(set.rates).map(([code, rate]) => [code, scaledDecimal(rate.rate)])),
    feePercent: scaledDecimal(set.paymentFee.percent),
    feeFixed: BigInt(set.paymentFee.fixedMinor),
    thinPercent: scaledDecimal(set.thinMarginPercent),
    global: compileRule(set.global, "global", "global", store),
    brands: level("brand", set.brands),
    services: level("service", set.services),
    vouchers: level("voucher", set.vouchers),
    source: set,
  };
  compiled.set(set, rules);
  return rules;
}

export function compileRule(rule: Rule, level: RuleLevel, id: string, storeCurrency: string): CompiledRule {
  const fixed = BigInt(rule.fixedMinor);
  const tiers: CompiledTier[] = [{ from: 0n, factor: PERCENT + scaledDecimal(rule.markupPercent), floor: null }];
  for (const tier of rule.tiers) {
    const below = tiers[tiers.length - 1] as CompiledTier;
    const from = BigInt(tier.fromCostMinor);
    // The tier below's price at this boundary, itself held up by its own floor.
    const reached: Frac = { n: from * below.factor + fixed * PERCENT, d: PERCENT };
    const floor = below.floor && below.floor.n * reached.d > reached.n * below.floor.d ? below.floor : reached;
    tiers.push({ from, factor: PERCENT + scaledDecimal(tier.markupPercent), floor });
  }
  return {
    level,
    id,
    tiers,
    fixed,
    grid: roundingGrid(rule.rounding, storeCurrency),
    minMarginMinor: BigInt(rule.minMargin.minor),
    minMarginPercent: scaledDecimal(rule.minMargin.percent),
    ceilingPercent: rule.ceiling ? scaledDecimal(rule.ceiling.faceValuePercent) : null,
  };
}
