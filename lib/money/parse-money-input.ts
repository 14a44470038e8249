// An amount as a buyer types it into a form, in the currency's own decimals: "1000" yen,
// "25.50" dollars, "1.234" dinars. Refused with a message the buyer can act on.
import { err, ok, type Result } from "@/lib/result";
import { currencyExponent, isKnownCurrency } from "./currency";
import type { Money } from "./money";

/** Nine whole digits keep every amount a safe integer even with three decimals. */
const MAX_WHOLE_DIGITS = 9;

export function parseMoneyInput(text: string, currency: string): Result<Money, string> {
  if (!isKnownCurrency(currency)) return err(`Amounts in ${currency} cannot be taken`);
  const exponent = currencyExponent(currency);
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return err("Enter an amount");
  const pattern = new RegExp(`^\\d{1,${MAX_WHOLE_DIGITS}}(\\.\\d+)?$`);
  if (!pattern.test(trimmed)) return err(`Enter a number such as ${example(exponent)}`);
  const [whole = "0", fraction = ""] = trimmed.split(".");
  if (fraction.length > exponent) {
    return err(exponent === 0 ? `Enter a whole number: ${currency} has no decimals` : `Enter at most ${exponent} decimals: ${currency} has ${exponent}`);
  }
  return ok({ minor: Number(whole + fraction.padEnd(exponent, "0")), currency });
}

function example(exponent: number): string {
  return exponent === 0 ? "25" : `25.${"5".padEnd(exponent, "0")}`;
}
