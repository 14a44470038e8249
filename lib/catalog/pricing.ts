// Retail prices: one pure function from what a voucher costs us upstream to what a buyer pays,
// in the store's currency. Each side keeps its own minor unit (JPY 0 digits, USD 2, KWD 3), so
//   price_minor = ceil(cost_minor × rate × (1 + markup) × 10^(e_store − e_cost)),
// computed exactly over BigInt and rounded UP (to a step Stripe can charge), so that neither
// float noise nor rounding can ever sell below cost.
import { currencyExponent } from "@/lib/money/currency";
import type { Money } from "@/lib/money/money";
import { chargeStepMinor } from "@/lib/money/stripe-amount";
import { err, ok, type Result } from "@/lib/result";

/** Rates and markup as decimal strings, exactly as configured. Server-only: never sent to a browser. */
export interface PricingPolicy {
  storeCurrency: string;
  /** Store-currency units per one unit of each other currency, e.g. { EUR: "1.08" }. */
  exchangeRates: Readonly<Record<string, string>>;
  /** Default markup over cost, in percent, e.g. "8" or "7.5". */
  markupPercent: string;
}

export type PricingError =
  | { code: "no_exchange_rate"; currency: string }
  | { code: "invalid_cost"; cost: Money }
  | { code: "price_too_large"; cost: Money };

const DECIMAL = /^\d+(\.\d{1,8})?$/;
const SCALE_DIGITS = 8;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** "1.08" → 108000000n (× 10^8). Throws on text that is not a plain non-negative decimal. */
export function scaledDecimal(text: string): bigint {
  if (!DECIMAL.test(text)) throw new Error(`not a plain decimal: "${text}"`);
  const [whole = "0", fraction = ""] = text.split(".");
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(SCALE_DIGITS, "0"));
}

/** Cost in its own currency → retail price in the store currency. */
export function retailPrice(cost: Money, policy: PricingPolicy): Result<Money, PricingError> {
  if (!Number.isSafeInteger(cost.minor) || cost.minor < 0) return err({ code: "invalid_cost", cost });
  const rateText = cost.currency === policy.storeCurrency ? "1" : policy.exchangeRates[cost.currency];
  if (rateText === undefined) return err({ code: "no_exchange_rate", currency: cost.currency });

  const shift = currencyExponent(policy.storeCurrency) - currencyExponent(cost.currency);
  const rate = scaledDecimal(rateText);
  const markup = SCALE * 100n + scaledDecimal(policy.markupPercent);
  const numerator = BigInt(cost.minor) * rate * markup * 10n ** BigInt(Math.max(0, shift));
  const denominator = SCALE * SCALE * 100n * 10n ** BigInt(Math.max(0, -shift));
  const step = BigInt(chargeStepMinor(policy.storeCurrency)) * denominator;
  const minor = ((numerator + step - 1n) / step) * (step / denominator);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return err({ code: "price_too_large", cost });
  return ok({ minor: Number(minor), currency: policy.storeCurrency });
}
