// What the product page hands to the "use client" purchase panel. Props of a client component
// are serialised into the page for every visitor, so they are built here and carry no pricing
// policy (rates, markup) and no upstream discount: only prices.
import { balanceTermsOf, type BalanceTerms } from "@/lib/catalog/top-up-amount";
import type { Denomination, Product, ProductDetail } from "@/lib/catalog/types";
import type { FaceValueComparison } from "@/lib/catalog/presentation/presentation-settings";

/** The product as a buyer may see it: our discount from upstream is a cost, not theirs to read. */
export type ShopperProduct = Omit<Product, "discountPercent">;

export interface PurchasePanelProps {
  product: ShopperProduct;
  denominations: Denomination[];
  /** Present for balance services: how a typed amount is checked (it is priced on the server). */
  balance: BalanceTerms | null;
  /** The owner's choice of face-value comparisons shown (saved in the admin). */
  faceValueComparison: FaceValueComparison;
}

export function purchasePanelProps(detail: ProductDetail, faceValueComparison: FaceValueComparison = "all"): PurchasePanelProps {
  return { product: shopperProduct(detail.product), denominations: detail.denominations, balance: balanceTermsOf(detail.product), faceValueComparison };
}

function shopperProduct(product: Product): ShopperProduct {
  const shown: Partial<Product> = { ...product };
  delete shown.discountPercent;
  return shown as ShopperProduct;
}
