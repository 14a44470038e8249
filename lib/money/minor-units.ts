// The Partner API's own money unit: hundredths, whatever the currency, because the protocol
// rounds every amount to 2 decimals (half away from zero: 2.5% off 1.00 charges 0.98;
// docs/partner-api-decisions.md item 4). The sandbox, which plays that service, keeps its balances and
// orders in these units. The shop
// itself never uses them: it reads upstream amounts into Money (lib/money/money.ts), whose
// minor unit follows the currency (JPY 0 digits, KWD 3), with moneyFromDecimal.

/** 10.5 → 1050. Rounds a wire number to whole minor units first, so 0.1 + 0.2 noise cannot leak in. */
export function toMinor(amount: number): number {
  const scaled = amount * 100;
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-9 * Math.abs(scaled));
}

/** 1050 → 10.5 */
export function fromMinor(minor: number): number {
  return minor / 100;
}

/**
 * `minor × (100 − percent) / 100`, rounded half away from zero, in integer arithmetic.
 * Percents may carry up to 4 decimals (e.g. 2.5 or 12.3456).
 */
export function applyDiscount(minor: number, percent: number): number {
  const scale = 10_000;
  const keptPerMillion = BigInt(Math.round((100 - percent) * scale));
  const numerator = BigInt(minor) * keptPerMillion;
  const denominator = BigInt(100 * scale);
  const sign = numerator < 0n ? -1n : 1n;
  const abs = numerator * sign;
  const rounded = (abs * 2n + denominator) / (denominator * 2n);
  return Number(rounded * sign);
}
