// A balance top-up's amount as the buyer types it ("25" or "25.50", in the service's currency),
// checked in the browser for instant feedback and again on the server before it is priced.
// Nothing here knows the pricing policy: that stays on the server (see quote-top-up.ts).
import { formatMoney } from "@/lib/money/format-money";
import type { Money } from "@/lib/money/money";
import { parseMoneyInput } from "@/lib/money/parse-money-input";
import { err, ok, type Result } from "@/lib/result";
import type { Product } from "./types";

/** What the browser needs to check a typed amount; safe to send to it. */
export interface BalanceTerms {
  /** The currency the amount is typed in (the service's settlement currency). */
  currency: string;
  minMinor: number | null;
  maxMinor: number | null;
}

/** The terms of a balance service; null for voucher services, which sell fixed amounts. */
export function balanceTermsOf(product: Product): BalanceTerms | null {
  if (product.type !== "balance") return null;
  return { currency: product.currency, minMinor: product.minAmountMinor, maxMinor: product.maxAmountMinor };
}

export function parseTopUpAmount(text: string, terms: BalanceTerms): Result<Money, string> {
  const amount = parseMoneyInput(text, terms.currency);
  if (!amount.ok) return amount;
  const { minor } = amount.value;
  const bound = (limit: number) => formatMoney({ minor: limit, currency: terms.currency });
  if (minor === 0) return err("Enter an amount above zero");
  if (terms.minMinor !== null && minor < terms.minMinor) return err(`The smallest top-up is ${bound(terms.minMinor)}`);
  if (terms.maxMinor !== null && minor > terms.maxMinor) return err(`The largest top-up is ${bound(terms.maxMinor)}`);
  return ok(amount.value);
}
