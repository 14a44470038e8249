// What the page cache answers for a catalogue page it does not hold while the upstream's catalogue
// is out (lib/catalog/catalog-outage.ts): the 503 page, as a cached page carrying its own status
// and headers, which Next serves as it serves any cached page. A page view Next routes by itself
// runs none of our code but this cache's read (docs/architecture-decisions.md 239), so this is
// where it can be told "temporarily unavailable" instead of a render that would ask upstream and
// fail with a 500. Only a miss asks: a page the cache holds is served, in an outage too.
import type { CacheHandlerValue } from "next/dist/server/lib/incremental-cache";
import { CATALOG_UNAVAILABLE, RETRY_AFTER_SECONDS } from "@/lib/catalog/catalog-outage";

// Keys are Next's route-cache keys, ending in the page's path: "/route-cache/APP_PAGE/<hash>/$/en/by-upstream/this/…".
const CATALOG_PAGE_KEY = /\/\$\/[a-z]{2}\/by-upstream\//;

/** True for the key of a catalogue page (app/[locale]/by-upstream/[upstream]), whose render needs the catalogue. */
export function isCatalogPageKey(kind: string, key: string): boolean {
  return kind === "APP_PAGE" && CATALOG_PAGE_KEY.test(key);
}

/** The 503 page as a cache entry, fresh for as long as a buyer is asked to wait before trying again. */
export function outagePageEntry(now: number): CacheHandlerValue {
  return {
    lastModified: now,
    value: {
      kind: "APP_PAGE",
      html: CATALOG_UNAVAILABLE.html,
      rscData: undefined,
      headers: { ...CATALOG_UNAVAILABLE.headers },
      postponed: undefined,
      status: CATALOG_UNAVAILABLE.status,
      segmentData: undefined,
    },
    cacheControl: { revalidate: RETRY_AFTER_SECONDS, expire: undefined },
    // Next's value kinds are a TypeScript enum its types only declare; the string is its value.
  } as CacheHandlerValue;
}
