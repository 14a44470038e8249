// What upstream debits us for a balance top-up: the amount less the service's discount
// (spec 2.3 discount_percent), which the Partner API rounds half away from zero to 2 decimals
// whatever the currency. We take the larger of that and the exact figure, rounded UP to the
// currency's own minor unit, so a price built on it can never fall below what we pay.
import { currencyExponent } from "@/lib/money/currency";
import type { Money } from "@/lib/money/money";

/** Discount percents carry up to 4 decimals (e.g. 2.5 or 12.3456). */
const PERCENT_SCALE = 10n ** 6n;

export function balanceCost(amount: Money, discountPercent: number): Money {
  const exponent = currencyExponent(amount.currency);
  // Work in units of 10^-p, fine enough for both the currency and the wire's 2 decimals.
  const p = Math.max(exponent, 2);
  const amountP = BigInt(amount.minor) * 10n ** BigInt(p - exponent);
  const kept = PERCENT_SCALE - BigInt(Math.round(discountPercent * 10_000));

  const exactCeil = ceilDiv(amountP * kept, PERCENT_SCALE);
  const hundredthsUnit = 10n ** BigInt(p - 2);
  const upstream = halfAwayDiv(amountP * kept, PERCENT_SCALE * hundredthsUnit) * hundredthsUnit;
  const costP = exactCeil > upstream ? exactCeil : upstream;
  return { minor: Number(ceilDiv(costP, 10n ** BigInt(p - exponent))), currency: amount.currency };
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

function halfAwayDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}
