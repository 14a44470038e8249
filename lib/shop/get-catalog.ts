// The catalogue as pages read it: KV-backed (shared by every instance) under Next's own cache,
// tagged so that a write elsewhere (admin, later) can invalidate it with revalidateTag. The
// cache key names the upstream, so a data cache left by a run against another upstream is
// never read. An outage is thrown inside the cached function, because unstable_cache stores
// whatever that function returns: a returned failure would be served as the catalogue.
import { unstable_cache } from "next/cache";
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { CatalogUnavailableError } from "@/lib/catalog/catalog-unavailable-error";
import { loadCatalog } from "@/lib/catalog/load-catalog";
import { catalogDeps } from "./catalog-deps";
import { TAGS } from "./cache-tags";
import type { CatalogSnapshot } from "@/lib/catalog/types";

/** The catalogue, or a thrown CatalogUnavailableError (the error page says so, never cached). */
export function getCatalog(): Promise<CatalogSnapshot> {
  return unstable_cache(
    async () => {
      const loaded = await loadCatalog(await catalogDeps());
      if (!loaded.ok) throw new CatalogUnavailableError(loaded.error);
      return loaded.value;
    },
    ["catalog-snapshot", currentUpstream()],
    { tags: [TAGS.catalog, TAGS.catalogList, TAGS.prices], revalidate: env().CATALOG_TTL_SECONDS },
  )();
}
