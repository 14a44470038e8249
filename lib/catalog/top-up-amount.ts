// A balance top-up's amount as the buyer types it ("25" or "25.50", in the service's currency),
// checked in the browser for instant feedback and again on the server before it is priced.
// Nothing here knows the pricing policy: that stays on the server (see quote-top-up.ts).
import { z } from "zod";
import { moneySchema, type Money } from "@/lib/money/money";
import { moneyInputProblemSchema, parseMoneyInput } from "@/lib/money/parse-money-input";
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
 * (quote-top-up.ts). One schema for the server that answers it and the page that reads it.
 */
export const topUpProblemSchema = z.discriminatedUnion("code", [
  ...moneyInputProblemSchema.options,
  z.object({ code: z.literal("out_of_range"), min: moneySchema, max: moneySchema }),
  z.object({ code: z.literal("fixed_amounts") }),
  z.object({ code: z.literal("unavailable") }),
  z.object({ code: z.literal("not_priced") }),
]);
export type TopUpProblem = z.infer<typeof topUpProblemSchema>;

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
