// Decimal text as configured ("1.08", "7.5") → an exact integer scaled by 10^8, and the few
// rational helpers pricing needs. Prices are worked out over BigInt fractions so that neither
// float noise nor an intermediate rounding can move a price by one minor unit.

const DECIMAL = /^\d+(\.\d{1,8})?$/;
export const SCALE_DIGITS = 8;
export const SCALE = 10n ** BigInt(SCALE_DIGITS);
/** A percent scaled by 10^8, divided by this, is a plain factor: 100% = 10^10. */
export const PERCENT = SCALE * 100n;

/** "1.08" → 108000000n (× 10^8). Throws on text that is not a plain non-negative decimal. */
export function scaledDecimal(text: string): bigint {
  if (!DECIMAL.test(text)) throw new Error(`not a plain decimal: "${text}"`);
  const [whole = "0", fraction = ""] = text.split(".");
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(SCALE_DIGITS, "0"));
}

export function isPlainDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** n / d with d > 0. */
export interface Frac {
  n: bigint;
  d: bigint;
}

export function compareFrac(a: Frac, b: Frac): number {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Smallest integer ≥ n/d (d > 0), for either sign of n. */
export function ceilDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n > 0n ? q + 1n : q;
}

/** Largest integer ≤ n/d (d > 0), for either sign of n. */
export function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}
