// The first version of the rules, made from the settings the shop ran on before the rules
// lived in KV: one global markup, the store currency, the exchange rates and the fee
// estimate. Nothing else rounds or refuses, so the first version prices exactly as before.
import { currencyExponent } from "@/lib/money/currency";
import { ruleSetSchema, type RuleSet } from "./rule-set";
import { SCALE, scaledDecimal } from "./scaled-decimal";

export interface PricingSettings {
  storeCurrency: string;
  /** Store-currency units per unit of each upstream currency, as configured, e.g. { EUR: "1.08" }. */
  exchangeRates: Readonly<Record<string, string>>;
  markupPercent: string;
  /** The payment fee estimate: a percent and a fixed amount in store-currency units, as decimals. */
  paymentFee?: { percent: string; fixed: string };
}

export function rulesFromSettings(settings: PricingSettings, now: number): RuleSet {
  const fee = settings.paymentFee ?? { percent: "0", fixed: "0" };
  const unit = 10n ** BigInt(currencyExponent(settings.storeCurrency));
  // A fixed fee finer than the store's minor unit is rounded up: an estimate must not flatter.
  const fixedMinor = Number((scaledDecimal(fee.fixed) * unit + SCALE - 1n) / SCALE);
  return ruleSetSchema.parse({
    version: 1,
    savedAt: now,
    savedBy: "settings",
    note: "From the settings at first start (PRICE_MARKUP_PERCENT, STORE_CURRENCY, EXCHANGE_RATES, PRICE_PAYMENT_FEE)",
    storeCurrency: settings.storeCurrency,
    paymentFee: { percent: fee.percent, fixedMinor },
    rates: Object.fromEntries(Object.entries(settings.exchangeRates).map(([code, rate]) => [code, { rate, setAt: now }])),
    global: { markupPercent: settings.markupPercent },
  });
}
