// The catalogue as pages read it: KV-backed (shared by every instance) under Next's own cache,
// tagged so that a write elsewhere (admin, later) can invalidate it with revalidateTag.
// An outage is thrown inside the cached function, because unstable_cache stores whatever that
// function returns: a returned failure would be served as the catalogue for a whole TTL.
import { unstable_cache } from "next/cache";
import { env } from "@/lib/config/env";
import { CatalogUnavailableError } from "./catalog-unavailable-error";
import { loadCatalog } from "./load-catalog";
import { catalogDeps } from "./storefront-deps";
import { TAGS } from "./tags";
import type { CatalogSnapshot } from "./types";

/** The catalogue, or a thrown CatalogUnavailableError (the error page says so, never cached). */
export const getCatalog: () => Promise<CatalogSnapshot> = unstable_cache(
  async () => {
    const loaded = await loadCatalog(await catalogDeps());
    if (!loaded.ok) throw new CatalogUnavailableError(loaded.error);
    return loaded.value;
  },
  ["catalog-snapshot"],
  { tags: [TAGS.catalog], revalidate: env().CATALOG_TTL_SECONDS },
);
