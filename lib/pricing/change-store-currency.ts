// The rules moved to another store currency. Two things in them are in the store currency and
// mean nothing in another: the exchange rates (store-currency units per unit of each upstream
// currency) and every amount kept in minor units (fixed markups, tier thresholds, minimum
// margins, rounding steps, the fixed part of the payment fee). So a change needs a rate into the
// new currency for every currency it must price from, the old store currency included (the rate
// that converts the amounts), and is refused naming each one missing rather than guessed.
// Amounts convert with both currencies' exponents (cents → yen: JPY has 0 decimals, KWD 3) and
// round up: a fee or a margin estimate must not flatter, and a rounding step must stay chargeable.
import { currencyExponent } from "@/lib/money/currency";
import { chargeStepMinor } from "@/lib/money/stripe-amount";
import { err, ok, type Result } from "@/lib/result";
import { ruleContentSchema, type Rule, type RuleContent } from "./rule-set";
import { scaledDecimal, SCALE } from "./scaled-decimal";

export type CurrencyChangeError =
  | { code: "same_currency"; message: string }
  | { code: "missing_rates"; currencies: string[]; message: string }
  | { code: "invalid"; issues: { path: string; message: string }[]; message: string };

export interface CurrencyChange {
  to: string;
  /** Typed rates: units of `to` per unit of each currency; an empty or absent one is missing. */
  rates: Readonly<Record<string, string | null | undefined>>;
  now: number;
}

/** Every currency the rules in `to` need a rate for: what upstream sells in, what has a rate now, and the old store currency. */
export function currenciesNeeded(content: Pick<RuleContent, "storeCurrency" | "rates">, to: string, upstreamCurrencies: Iterable<string>): string[] {
  const needed = new Set([...upstreamCurrencies, ...Object.keys(content.rates), content.storeCurrency]);
  needed.delete(to);
  return [...needed].sort();
}

export function changeStoreCurrency(content: RuleContent, upstreamCurrencies: Iterable<string>, change: CurrencyChange): Result<RuleContent, CurrencyChangeError> {
  const from = content.storeCurrency;
  if (change.to === from) return err({ code: "same_currency", message: `The store currency is already ${from}` });
  const needed = currenciesNeeded(content, change.to, upstreamCurrencies);
  const missing = needed.filter((currency) => !change.rates[currency]);
  if (missing.length > 0) {
    return err({ code: "missing_rates", currencies: missing, message: `A rate into ${change.to} is needed for ${missing.join(", ")}` });
  }
  const rate = (currency: string) => change.rates[currency] ?? "";
  const amount = minorConverter(from, change.to, scaledDecimal(rate(from)));
  const step = chargeStepMinor(change.to);
  const rule = (r: Rule): Rule => ({
    ...r,
    fixedMinor: amount(r.fixedMinor),
    tiers: r.tiers.map((tier) => ({ ...tier, fromCostMinor: amount(tier.fromCostMinor) })),
    minMargin: { ...r.minMargin, minor: amount(r.minMargin.minor) },
    rounding: r.rounding.mode === "step" ? { mode: "step", stepMinor: Math.max(step, Math.ceil(amount(r.rounding.stepMinor) / step) * step) } : r.rounding,
  });
  const rules = (level: Readonly<Record<string, Rule>>) => Object.fromEntries(Object.entries(level).map(([id, r]) => [id, rule(r)]));
  const parsed = ruleContentSchema.safeParse({
    ...content,
    storeCurrency: change.to,
    paymentFee: { ...content.paymentFee, fixedMinor: amount(content.paymentFee.fixedMinor) },
    rates: Object.fromEntries(needed.map((currency) => [currency, { rate: rate(currency), setAt: change.now }])),
    global: rule(content.global),
    brands: rules(content.brands),
    services: rules(content.services),
    vouchers: rules(content.vouchers),
  });
  if (parsed.success) return ok(parsed.data);
  // A typed rate that is not a rate, or tiers that collapse into one amount once converted.
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  return err({ code: "invalid", issues, message: issues.map((i) => `${i.path}: ${i.message}`).join("; ") });
}

/** Minor units of `from` → minor units of `to` at `rate` (`to` units per `from` unit, × 10^8), rounded up. */
function minorConverter(from: string, to: string, rate: bigint): (minor: number) => number {
  const up = 10n ** BigInt(currencyExponent(to));
  const down = 10n ** BigInt(currencyExponent(from)) * SCALE;
  return (minor) => Number((BigInt(minor) * rate * up + down - 1n) / down);
}
