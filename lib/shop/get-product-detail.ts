// One product with its priced denominations, as the product page reads it (see get-catalog.ts):
// null when a good games list lacks it (404), a thrown CatalogUnavailableError in an outage.
import { unstable_cache } from "next/cache";
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { CatalogUnavailableError } from "@/lib/catalog/catalog-unavailable-error";
import { loadProductDetail } from "@/lib/catalog/load-catalog";
import { catalogDeps } from "./catalog-deps";
import { TAGS } from "./cache-tags";
import type { ProductDetail } from "@/lib/catalog/types";

export function getProductDetail(id: number): Promise<ProductDetail | null> {
  return unstable_cache(
    async () => {
      const loaded = await loadProductDetail(await catalogDeps(), id);
      if (!loaded.ok) throw new CatalogUnavailableError(loaded.error);
      return loaded.value;
    },
    ["product-detail", currentUpstream(), String(id)],
    { tags: [TAGS.catalog, TAGS.product(id), TAGS.prices], revalidate: env().CATALOG_TTL_SECONDS },
  )();
}
