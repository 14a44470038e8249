// ISO 4217 currencies as the runtime's Intl knows them. Intl is the kept source of minor-unit
// exponents (JPY 0, USD 2, KWD 3), so no hand-typed table can drift from what we display. Intl
// follows CLDR, which differs from ISO only where cash has no fractions (HUF: 0 digits, not 2);
// prices there are whole forints, and toStripeAmount sends them the way Stripe wants.
import { err, ok, type Result } from "@/lib/result";
import { INTL_EXPONENTS } from "./intl-exponents";

export type CurrencyError = { code: "unknown_currency"; currency: string; message: string };

// Intl formats any well-formed code (it gives "XYZ" 2 decimals), so membership is checked
// against the list of currencies it actually has data for.
let known: ReadonlySet<string> | undefined;
const exponents = new Map<string, number>();

/** True for an upper-case ISO 4217 code the runtime has data for. */
export function isKnownCurrency(code: string): boolean {
  known ??= new Set(Intl.supportedValuesOf("currency"));
  return known.has(code);
}

/** "USD" → ok("USD"); "usd", "XYZ" or "" → an error naming the code. */
export function parseCurrency(code: string): Result<string, CurrencyError> {
  if (isKnownCurrency(code)) return ok(code);
  return err({ code: "unknown_currency", currency: code, message: `"${code}" is not an ISO 4217 currency code this runtime knows` });
}

/**
 * Digits after the decimal point in the currency's minor unit: 0 for JPY, 2 for USD, 3 for KWD.
 * Throws on a code that `parseCurrency` refuses: every Money has been checked at its boundary,
 * so reaching this with an unknown code is a programming error, not bad input.
 */
export function currencyExponent(code: string): number {
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    if (!isKnownCurrency(code)) throw new RangeError(`unknown currency "${code}"`);
    exponent = INTL_EXPONENTS.get(code) ?? intlExponent(code);
    exponents.set(code, exponent);
  }
  return exponent;
}

/** What Intl formats the currency with: the source INTL_EXPONENTS was copied from. */
export function intlExponent(code: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}
