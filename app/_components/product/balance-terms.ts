import { getPricingPolicy } from "@/lib/catalog/pricing-policy";
import type { Product } from "@/lib/catalog/types";
import type { BalanceTerms } from "./parse-amount";

/** How a balance service prices the amount a buyer types; null for voucher services. */
export async function balanceTermsOf(product: Product): Promise<BalanceTerms | null> {
  if (product.type !== "balance") return null;
  return {
    currency: product.currency,
    discountPercent: product.discountPercent ?? 0,
    minMinor: product.minAmountMinor,
    maxMinor: product.maxAmountMinor,
    policy: await getPricingPolicy(),
  };
}
