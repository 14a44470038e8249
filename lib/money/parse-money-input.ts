// An amount as a buyer types it into a form, in the currency's own decimals: "1000" yen,
// "25.50" dollars, "1.234" dinars. Refused with a problem the buyer can act on, as a code with
// its details, which the pages and the API put into words (lib/i18n/top-up-problem-words.ts).
import { err, ok, type Result } from "@/lib/result";
import { currencyExponent, isKnownCurrency } from "./currency";
import type { Money } from "./money";

// A plain type, not a zod schema: this file runs in the browser (the product page's top-up
// field), where zod would be most of the page's own JavaScript. The page checks a problem the
// server sends back with isTopUpProblem (lib/catalog/top-up-amount.ts).
export type MoneyInputProblem =
  | { code: "empty" }
  | { code: "not_a_number"; example: string }
  | { code: "whole_number"; currency: string }
  | { code: "too_many_decimals"; currency: string; decimals: number }
  | { code: "unknown_currency"; currency: string };

/** Nine whole digits keep every amount a safe integer even with three decimals. */
const MAX_WHOLE_DIGITS = 9;

export function parseMoneyInput(text: string, currency: string): Result<Money, MoneyInputProblem> {
  if (!isKnownCurrency(currency)) return err({ code: "unknown_currency", currency });
  const exponent = currencyExponent(currency);
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return err({ code: "empty" });
  const pattern = new RegExp(`^\\d{1,${MAX_WHOLE_DIGITS}}(\\.\\d+)?$`);
  if (!pattern.test(trimmed)) return err({ code: "not_a_number", example: example(exponent) });
  const [whole = "0", fraction = ""] = trimmed.split(".");
  if (fraction.length > exponent) {
    return err(exponent === 0 ? { code: "whole_number", currency } : { code: "too_many_decimals", currency, decimals: exponent });
  }
  return ok({ minor: Number(whole + fraction.padEnd(exponent, "0")), currency });
}

function example(exponent: number): string {
  return exponent === 0 ? "25" : `25.${"5".padEnd(exponent, "0")}`;
}
