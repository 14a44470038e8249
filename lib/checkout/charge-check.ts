// Does upstream's amount_charged exceed the cost a buyer's price was quoted on? Upstream may
// charge in the partner's balance currency rather than the catalogue's, so a difference of
// currency alone is not a price change: both sides are valued in the store currency at the
// rates our prices were built on (lib/pricing), and compared exactly as rationals
// over BigInt, each in its own minor unit (JPY 0 digits, USD 2, KWD 3), so nothing is rounded
// (docs/architecture-decisions.md item 33).
import { scaledDecimal } from "@/lib/pricing/scaled-decimal";
import { currencyExponent, type Money } from "@/lib/money";
import { err, ok, type Result } from "@/lib/result";

/** The part of the pricing rules a comparison needs: store-currency units per unit of each currency, as decimals. */
export interface ConversionRates {
  storeCurrency: string;
  exchangeRates: Readonly<Record<string, string>>;
}

/**
 * No usable rate for a currency on one side: the price cannot be confirmed. Never taken as 1,
 * which would value a charge in a weaker currency as if it were dollars.
 */
export type ChargeCheckError = { code: "no_rate"; currency: string };

/**
 * True when `charged` is worth more than `quoteCost` × (1 + tolerancePercent / 100). The
 * tolerance is counted in whole basis points, as the reservation's guard always did.
 */
export function chargeExceedsQuote(
  quoteCost: Money,
  charged: Money,
  rates: ConversionRates,
  tolerancePercent: number,
): Result<boolean, ChargeCheckError> {
  const toleranceBp = BigInt(Math.round(tolerancePercent * 100));
  // One currency needs no rate at all, so a missing rate cannot refuse a like-for-like charge.
  if (charged.currency === quoteCost.currency) {
    return ok(BigInt(charged.minor) * 10_000n > BigInt(quoteCost.minor) * (10_000n + toleranceBp));
  }
  const costRate = rateOf(quoteCost.currency, rates);
  if (!costRate.ok) return costRate;
  const chargedRate = rateOf(charged.currency, rates);
  if (!chargedRate.ok) return chargedRate;
  // value = minor × rate / 10^exponent on each side; multiplying both by 10^(e_cost + e_charged)
  // (and the rates' common scale) leaves integers only.
  const chargedValue = BigInt(charged.minor) * chargedRate.value * 10n ** BigInt(currencyExponent(quoteCost.currency));
  const costValue = BigInt(quoteCost.minor) * costRate.value * 10n ** BigInt(currencyExponent(charged.currency));
  return ok(chargedValue * 10_000n > costValue * (10_000n + toleranceBp));
}

/** Store-currency units per unit of `currency`, scaled by 10^8 (lib/pricing's scale). */
function rateOf(currency: string, rates: ConversionRates): Result<bigint, ChargeCheckError> {
  const text = currency === rates.storeCurrency ? "1" : rates.exchangeRates[currency];
  const rate = text === undefined ? 0n : scaledDecimal(text);
  // A zero rate would value any charge at nothing and let every price through.
  return rate === 0n ? err({ code: "no_rate", currency }) : ok(rate);
}
