// An English catalogue page is served at a URL that sends a Chinese reader elsewhere: "/" and
// "/products/<id>/<slug>" are the English page for a buyer who chose English or whose browser
// names no Chinese, and a 307 to /zh/… for the others (proxy.ts, decision 190). A shared cache in
// front of the shop must keep that page apart by what picks the language, or it serves the
// English page to a Chinese reader. Nothing set before Next's page handler can say so: it sets its
// own Vary (rsc, next-router-state-tree, …) over the proxy's and over next.config.mjs headers().
// It then adds the headers of the cache entry it serves, so the page cache puts the language's
// keys there (docs/architecture-decisions.md 249). A /zh page names its language in its URL.
import type { CacheHandlerValue } from "next/dist/server/lib/incremental-cache";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";

/** What picks a page's language at an English URL: the buyer's choice (cookie), else the browser's. */
export const LANGUAGE_VARY = "Accept-Language, Cookie";

// Keys are Next's route-cache keys, ending in the page's path: "/route-cache/APP_PAGE/<hash>/$/en/by-upstream/this/…".
const ENGLISH_CATALOG_PAGE_KEY = new RegExp(`/\\$/${DEFAULT_LOCALE}/by-upstream/`);

/** The entry as it is served: an English catalogue page names the language's keys; anything else is returned as it is. */
export function withLanguageVary(kind: string, key: string, entry: CacheHandlerValue): CacheHandlerValue {
  const value = entry.value;
  if (kind !== "APP_PAGE" || !ENGLISH_CATALOG_PAGE_KEY.test(key) || !value || !("headers" in value)) return entry;
  return { ...entry, value: { ...value, headers: { ...value.headers, vary: LANGUAGE_VARY } } };
}
