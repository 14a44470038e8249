// The amount caps in another currency than the one the owner set them in (decision 215). The
// caps are kept in the currency they were typed in and converted whenever a reader needs them in
// another, at the rate the prices convert with, so no moment exists in which a cap is read in
// units it was not meant in. Rounded down to a whole unit: a cap is a ceiling, and rounding up
// would let through more than the owner allowed; a cap that is on stays on (at least 1 unit).
import { AMOUNT_CAPS, type FraudRules } from "./fraud-rules";

/** Units of the target currency per unit of the caps' currency, as an exact fraction n / d (d > 0). */
export interface CapsRate {
  n: bigint;
  d: bigint;
}

/** The owner's rules as stored: the amount caps are whole units of `currency`. */
export interface RulesInCurrency {
  rules: FraudRules;
  currency: string;
}

/** The schema's ceiling on a cap: a converted cap above it is kept at it (stricter, never looser). */
const CAP_MAX = 10_000_000n;

/** The rules with every amount cap converted at `rate`, rounded down; 0 (off) stays off. */
export function convertAmountCaps(rules: FraudRules, rate: CapsRate): FraudRules {
  const next = { ...rules };
  for (const key of AMOUNT_CAPS) {
    const units = BigInt(rules[key]);
    if (units === 0n) continue;
    const converted = (units * rate.n) / rate.d;
    next[key] = Number(converted < 1n ? 1n : converted > CAP_MAX ? CAP_MAX : converted);
  }
  return next;
}
