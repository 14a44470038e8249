// The price of a balance top-up of a typed amount, on the server: the pricing policy (rates,
// markup) and our upstream discount never reach the browser, only the resulting price.
import type { Money } from "@/lib/money/money";
import { err, ok, type Result } from "@/lib/result";
import { balanceCost } from "./balance-cost";
import { retailPrice, type PricingPolicy } from "./pricing";
import { balanceTermsOf, parseTopUpAmount, topUpAmountProblemText, type TopUpAmountProblem } from "./top-up-amount";
import type { Product } from "./types";

export interface TopUpQuote {
  /** What the account receives, in the service's currency. */
  amount: Money;
  /** What the buyer pays, in the store's currency. */
  price: Money;
}

/** Why a top-up cannot be quoted: its amount, or the product itself. */
export type TopUpProblem = TopUpAmountProblem | { code: "fixed_amounts" } | { code: "unavailable" } | { code: "not_priced" };

export function quoteTopUp(product: Product, amountText: string, policy: PricingPolicy): Result<TopUpQuote, TopUpProblem> {
  const terms = balanceTermsOf(product);
  if (!terms) return err({ code: "fixed_amounts" });
  if (!product.available) return err({ code: "unavailable" });
  const amount = parseTopUpAmount(amountText, terms);
  if (!amount.ok) return amount;
  const price = retailPrice(balanceCost(amount.value, product.discountPercent ?? 0), policy);
  if (!price.ok) return err({ code: "not_priced" });
  return ok({ amount: amount.value, price: price.value });
}

/** The problem in English, for the API's `message`. */
export function topUpProblemText(problem: TopUpProblem): string {
  switch (problem.code) {
    case "fixed_amounts":
      return "This product has fixed amounts";
    case "unavailable":
      return "This product cannot be bought right now";
    case "not_priced":
      return "This top-up cannot be priced right now";
    default:
      return topUpAmountProblemText(problem);
  }
}
