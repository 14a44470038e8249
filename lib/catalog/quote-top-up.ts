// The price of a balance top-up of a typed amount, on the server: the pricing rules (rates,
// markups) and our upstream discount never reach the browser, only the resulting price. The
// amount credited is the top-up's face value, so a ceiling "never above face value" holds here too.
import type { Money } from "@/lib/money/money";
import { err, ok, type Result } from "@/lib/result";
import { balanceCost } from "./balance-cost";
import type { PricingRules } from "@/lib/pricing/compile-rules";
import { priceVoucher } from "@/lib/pricing/price-voucher";
import { balanceTermsOf, parseTopUpAmount, type TopUpProblem } from "./top-up-amount";
import type { Product } from "./types";

export interface TopUpQuote {
  /** What the account receives, in the service's currency. */
  amount: Money;
  /** What the buyer pays, in the store's currency. */
  price: Money;
}

export function quoteTopUp(product: Product, amountText: string, rules: PricingRules): Result<TopUpQuote, TopUpProblem> {
  const terms = balanceTermsOf(product);
  if (!terms) return err({ code: "fixed_amounts" });
  if (!product.available) return err({ code: "unavailable" });
  const amount = parseTopUpAmount(amountText, terms);
  if (!amount.ok) return amount;
  const cost = balanceCost(amount.value, product.discountPercent ?? 0);
  const price = priceVoucher({ cost, faceValue: amount.value, serviceId: product.id, voucherId: null, brand: product.brand }, rules);
  if (!price.ok) return err({ code: "not_priced" });
  return ok({ amount: amount.value, price: price.value.price });
}
