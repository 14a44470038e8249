// Retail prices: one pure function from what a voucher costs us upstream to what a buyer pays,
// in the store's currency. Exact integer arithmetic (BigInt over scaled decimals) so that a
// price never depends on binary-float rounding; rounded UP to the minor unit so that a
// conversion can never sell below cost.
import { err, ok, type Result } from "@/lib/result";

/** Rates and markup as decimal strings, exactly as configured. */
export interface PricingPolicy {
  storeCurrency: string;
  /** Store-currency units per one unit of each other currency, e.g. { EUR: "1.08" }. */
  exchangeRates: Readonly<Record<string, string>>;
  /** Default markup over cost, in percent, e.g. "8" or "7.5". */
  markupPercent: string;
}

export interface RetailPrice {
  /** Integer minor units (cents) of `currency`. */
  minor: number;
  currency: string;
}

export type PricingError = { code: "no_exchange_rate"; currency: string } | { code: "invalid_cost"; costMinor: number };

const DECIMAL = /^\d+(\.\d{1,8})?$/;
const SCALE_DIGITS = 8;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** "1.08" → 108000000n (× 10^8). Throws on text that is not a plain non-negative decimal. */
export function scaledDecimal(text: string): bigint {
  if (!DECIMAL.test(text)) throw new Error(`not a plain decimal: "${text}"`);
  const [whole = "0", fraction = ""] = text.split(".");
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(SCALE_DIGITS, "0"));
}

/** True when `text` is a decimal this module accepts; used by configuration validation. */
export function isPlainDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** Cost in minor units of `costCurrency` → retail price in minor units of the store currency. */
export function retailPrice(costMinor: number, costCurrency: string, policy: PricingPolicy): Result<RetailPrice, PricingError> {
  if (!Number.isSafeInteger(costMinor) || costMinor < 0) return err({ code: "invalid_cost", costMinor });
  const rateText = costCurrency === policy.storeCurrency ? "1" : policy.exchangeRates[costCurrency];
  if (rateText === undefined) return err({ code: "no_exchange_rate", currency: costCurrency });

  const rate = scaledDecimal(rateText);
  const markup = SCALE * 100n + scaledDecimal(policy.markupPercent);
  const numerator = BigInt(costMinor) * rate * markup;
  const denominator = SCALE * SCALE * 100n;
  const minor = (numerator + denominator - 1n) / denominator;
  return ok({ minor: Number(minor), currency: policy.storeCurrency });
}
