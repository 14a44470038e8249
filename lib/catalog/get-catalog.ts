// The catalogue as pages read it: KV-backed (shared by every instance) under Next's own cache,
// tagged so that a write elsewhere (admin, later) can invalidate it with revalidateTag.
import { unstable_cache } from "next/cache";
import { env } from "@/lib/config/env";
import { loadCatalog } from "./load-catalog";
import { catalogDeps } from "./storefront-deps";
import { TAGS } from "./tags";
import type { CatalogSnapshot } from "./types";

export const getCatalog: () => Promise<CatalogSnapshot> = unstable_cache(
  async () => loadCatalog(await catalogDeps()),
  ["catalog-snapshot"],
  { tags: [TAGS.catalog], revalidate: env().CATALOG_TTL_SECONDS },
);
