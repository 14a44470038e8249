// The price of a balance top-up of a typed amount, on the server: the pricing policy (rates,
// markup) and our upstream discount never reach the browser, only the resulting price.
import type { Money } from "@/lib/money/money";
import { err, ok, type Result } from "@/lib/result";
import { balanceCost } from "./balance-cost";
import { retailPrice, type PricingPolicy } from "./pricing";
import { balanceTermsOf, parseTopUpAmount, type TopUpProblem } from "./top-up-amount";
import type { Product } from "./types";

export interface TopUpQuote {
  /** What the account receives, in the service's currency. */
  amount: Money;
  /** What the buyer pays, in the store's currency. */
  price: Money;
}

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
