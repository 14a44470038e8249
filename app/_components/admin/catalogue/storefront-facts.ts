// What buyers see of each product on the storefront's list, for the admin's catalogue table: the
// "from" price in the store currency, whether it is on sale (and if not, why), and its picture.
// Read through the storefront's own cached catalogue and its pause and balance guard, so the
// owner sees what buyers see; hidden products are not in it. Null when the catalogue is down.
import { getCatalog } from "@/lib/shop/get-catalog";
import { markUnsellableProducts, pagesPaused, salesCeiling } from "@/lib/shop/storefront-sales";
import type { Money } from "@/lib/money/money";
import type { UnavailableReason } from "@/lib/catalog/types";

export interface StorefrontFacts {
  /** The cheapest denomination on sale; null for a top-up (any amount) or nothing on sale. */
  fromPrice: Money | null;
  balance: boolean;
  /** null: on sale. */
  unavailable: UnavailableReason | null;
  /** The owner's picture, else null (the brand art). */
  image: string | null;
}

export async function storefrontFacts(): Promise<Map<number, StorefrontFacts> | null> {
  try {
    const [cached, ceiling, paused] = await Promise.all([getCatalog(), salesCeiling(), pagesPaused()]);
    const snapshot = markUnsellableProducts(cached, ceiling, paused);
    return new Map(
      snapshot.products.map((product) => [
        product.id,
        {
          fromPrice: product.available ? (snapshot.fromPrices[product.id] ?? null) : null,
          balance: product.type === "balance",
          unavailable: product.available ? null : (product.unavailableReason ?? "out_of_stock"),
          image: product.image,
        },
      ]),
    );
  } catch (error) {
    console.warn(`[admin] storefront catalogue not read for the catalogue list: ${String(error)}`);
    return null;
  }
}
