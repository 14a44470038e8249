// Rounding modes as the set of prices they allow: every amount ≡ offset (mod period), in the
// store currency's minor units. Rounding up is "the smallest allowed amount ≥ x", which is
// idempotent and monotonic by construction, and is done on integers: a price is never split
// at a decimal point (a float's 10.50 read as "10" and "50" would charm to 10.29).
import { currencyExponent } from "@/lib/money/currency";
import { chargeStepMinor } from "@/lib/money/stripe-amount";
import type { Rounding } from "./rule-set";

export interface RoundingGrid {
  period: bigint;
  offset: bigint;
}

/**
 * The grid of a mode in a currency. Charm endings are a hundredth of a unit below it (.99,
 * .49), or for currencies with fewer than 2 decimals one minor unit below a hundred (¥1,099).
 * Every grid lies on amounts the payment provider can charge (rule-set.ts checks the step).
 */
export function roundingGrid(rounding: Rounding, currency: string): RoundingGrid {
  const exponent = currencyExponent(currency);
  const unit = 10n ** BigInt(exponent);
  const charmBase = exponent >= 2 ? unit : 100n;
  const charmGap = exponent >= 2 ? unit / 100n : 1n;
  const charge = BigInt(chargeStepMinor(currency));
  switch (rounding.mode) {
    case "none":
      return { period: charge, offset: 0n };
    case "whole":
      return { period: unit > charge ? unit : charge, offset: 0n };
    case "charm_99":
      return { period: charmBase, offset: charmBase - charmGap };
    case "charm_49_99":
      return { period: charmBase / 2n, offset: charmBase / 2n - charmGap };
    case "step":
      return { period: BigInt(rounding.stepMinor), offset: 0n };
  }
}

/** The smallest amount on the grid ≥ minor (minor ≥ 0). */
export function roundUp(minor: bigint, grid: RoundingGrid): bigint {
  if (minor <= grid.offset) return grid.offset;
  const steps = (minor - grid.offset + grid.period - 1n) / grid.period;
  return grid.offset + steps * grid.period;
}

/** The largest amount on the grid ≤ minor, or null when there is none (minor below the first). */
export function roundDown(minor: bigint, grid: RoundingGrid): bigint | null {
  if (minor < grid.offset) return null;
  return grid.offset + ((minor - grid.offset) / grid.period) * grid.period;
}
