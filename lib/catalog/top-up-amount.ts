// A balance top-up's amount as the buyer types it ("25" or "25.50", in the service's currency),
// checked in the browser for instant feedback and again on the server before it is priced.
// Nothing here knows the pricing policy: that stays on the server (see quote-top-up.ts).
// No zod here: the product page ships this file to the browser, where zod alone weighed more
// than all the rest of the page's own JavaScript (issue 17); the server's request checks keep it.
import { isMoney } from "@/lib/money/is-money";
import type { Money } from "@/lib/money/money";
import { parseMoneyInput, type MoneyInputProblem } from "@/lib/money/parse-money-input";
import { err, ok, type Result } from "@/lib/result";
import { topUpDefaults } from "./top-up-defaults";
import type { Product } from "./types";

/** What the browser needs to check a typed amount; safe to send to it. */
export interface BalanceTerms {
  /** The currency the amount is typed in (the service's settlement currency). */
  currency: string;
  /** The allowed range, in minor units: the owner's, or the currency's default (top-up-defaults.ts). */
  minMinor: number;
  maxMinor: number;
  /** Amounts offered as one-tap choices, inside the range: the owner's, or the currency's default. */
  presetsMinor: number[];
}

/** The terms of a balance service; null for voucher services, which sell fixed amounts. */
export function balanceTermsOf(product: Product): BalanceTerms | null {
  if (product.type !== "balance") return null;
  const defaults = topUpDefaults(product.currency);
  const minMinor = product.minAmountMinor ?? defaults.minMinor;
  const maxMinor = Math.max(minMinor, product.maxAmountMinor ?? defaults.maxMinor);
  const inside = (product.topUpPresetsMinor ?? defaults.presetsMinor).filter((p) => p >= minMinor && p <= maxMinor);
  return { currency: product.currency, minMinor, maxMinor, presetsMinor: inside.length > 0 ? inside : [minMinor] };
}

/**
 * Why a top-up cannot be had: its amount is unreadable or outside the range (given as Money),
 * or the product itself has fixed amounts, cannot be bought now, or cannot be priced
 * (quote-top-up.ts). The server answers it; the page reads it back with isTopUpProblem.
 */
export type TopUpProblem =
  | MoneyInputProblem
  | { code: "out_of_range"; min: Money; max: Money }
  | { code: "fixed_amounts" }
  | { code: "unavailable" }
  | { code: "not_priced" };

/** What each problem carries besides its code, so that the page can put it into words. */
const DETAILS: Record<TopUpProblem["code"], Record<string, "string" | "number" | "money">> = {
  empty: {},
  not_a_number: { example: "string" },
  whole_number: { currency: "string" },
  too_many_decimals: { currency: "string", decimals: "number" },
  unknown_currency: { currency: "string" },
  out_of_range: { min: "money", max: "money" },
  fixed_amounts: {},
  unavailable: {},
  not_priced: {},
};

/** The page's check of a problem the server sent back: a known code with the details it words. */
export function isTopUpProblem(value: unknown): value is TopUpProblem {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  const details = Object.hasOwn(DETAILS, String(record.code)) ? DETAILS[record.code as TopUpProblem["code"]] : null;
  if (!details) return false;
  return Object.entries(details).every(([name, kind]) => (kind === "money" ? isMoney(record[name]) : typeof record[name] === kind));
}

export function parseTopUpAmount(text: string, terms: BalanceTerms): Result<Money, TopUpProblem> {
  const amount = parseMoneyInput(text, terms.currency);
  if (!amount.ok) return amount;
  const { minor } = amount.value;
  if (minor < terms.minMinor || minor > terms.maxMinor) {
    return err({
      code: "out_of_range",
      min: { minor: terms.minMinor, currency: terms.currency },
      max: { minor: terms.maxMinor, currency: terms.currency },
    });
  }
  return ok(amount.value);
}
