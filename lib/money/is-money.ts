// moneySchema's check (money.ts) without zod, for code that runs in the browser, where zod would
// be most of the product page's own JavaScript (issue 17). is-money.test.ts holds the two to one answer.
import { isKnownCurrency } from "./currency";
import type { Money } from "./money";

export function isMoney(value: unknown): value is Money {
  if (typeof value !== "object" || value === null) return false;
  const { minor, currency } = value as Record<string, unknown>;
  return Number.isSafeInteger(minor) && typeof currency === "string" && isKnownCurrency(currency);
}
