// The catalogue as pages read it: KV-backed (shared by every instance) under Next's own cache,
// tagged so that a write elsewhere (admin, later) can invalidate it with revalidateTag. The
// cache key names the upstream, so a data cache left by a run against another upstream is
// never read.
import { unstable_cache } from "next/cache";
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { loadCatalog } from "./load-catalog";
import { catalogDeps } from "./storefront-deps";
import { TAGS } from "./tags";
import type { CatalogSnapshot } from "./types";

export function getCatalog(): Promise<CatalogSnapshot> {
  return unstable_cache(async () => loadCatalog(await catalogDeps()), ["catalog-snapshot", currentUpstream()], {
    tags: [TAGS.catalog],
    revalidate: env().CATALOG_TTL_SECONDS,
  })();
}
