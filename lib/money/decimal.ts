// Money to and from decimal text, exactly: digits are moved, never multiplied as floats.
import { err, ok, type Result } from "@/lib/result";
import { currencyExponent, parseCurrency, type CurrencyError } from "./currency";
import type { Money } from "./money";

export type DecimalError = CurrencyError | { code: "invalid_amount"; message: string };

/** How a wire decimal with more digits than the currency has is brought to whole minor units. */
export type Rounding = "half-away" | "up";

/**
 * A JSON number from upstream (10.5, 1000, 3.25) → Money in `currency`. The number's shortest
 * decimal text (what JSON carried) is read digit by digit, so 0.1 + 0.2 noise cannot appear.
 * Extra digits are rounded: half away from zero by default (the Partner API's own rule), or up,
 * for costs, so that a price built on it can never come out below what we pay.
 */
export function moneyFromDecimal(value: number, currency: string, rounding: Rounding = "half-away"): Result<Money, DecimalError> {
  const checked = parseCurrency(currency);
  if (!checked.ok) return checked;
  if (!Number.isFinite(value)) return err({ code: "invalid_amount", message: `${value} is not a finite amount` });
  const parts = decimalParts(value);
  if (!parts) return err({ code: "invalid_amount", message: `${value} is not a plain decimal amount` });
  const minor = roundToExponent(parts.digits, parts.scale, currencyExponent(currency), rounding);
  if (!Number.isSafeInteger(minor)) return err({ code: "invalid_amount", message: `${value} ${currency} is too large` });
  return ok({ minor, currency });
}

/** { minor: 1999, currency: "USD" } → "19.99"; { minor: 1000, currency: "JPY" } → "1000". */
export function toDecimalString(money: Money): `${number}` {
  const exponent = currencyExponent(money.currency);
  const sign = money.minor < 0 ? "-" : "";
  const digits = String(Math.abs(money.minor)).padStart(exponent + 1, "0");
  const text = exponent === 0 ? sign + digits : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return text as `${number}`;
}

/** 10.5 → { digits: 105n, scale: 1 }, 1e-7 → { digits: 1n, scale: 7 }: the value is digits × 10^−scale. */
function decimalParts(value: number): { digits: bigint; scale: number } | null {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = "", whole = "", fraction = "", exp = "0"] = match;
  let digits = BigInt(`${sign}${whole}${fraction}`);
  let scale = fraction.length - Number(exp);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

function roundToExponent(digits: bigint, scale: number, exponent: number, rounding: Rounding): number {
  if (scale <= exponent) return Number(digits * 10n ** BigInt(exponent - scale));
  const divisor = 10n ** BigInt(scale - exponent);
  const negative = digits < 0n;
  const abs = negative ? -digits : digits;
  let quotient = abs / divisor;
  const remainder = abs % divisor;
  if (rounding === "half-away" ? remainder * 2n >= divisor : remainder > 0n && !negative) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}
