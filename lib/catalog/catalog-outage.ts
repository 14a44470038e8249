// The HTTP side of "catalogue temporarily unavailable". A Next page can only answer 200, 404,
// 401/403 or (by throwing) 500, so the 503 comes from around the page: for a page view Next
// routes itself, from the page cache, which answers a catalogue page it does not hold with
// CATALOG_UNAVAILABLE while upstream is down and no copy exists (lib/next-cache/outage-page.ts);
// for one routed by the request proxy, from the proxy, which asks `catalogOutageNow()`
// (lib/shop/catalog-outage.ts) and answers `catalogUnavailableResponse()`. The render that
// discovers the outage throws CatalogUnavailableError (a 500 with the same message, never
// cached); the ones after it get the 503 without touching upstream.
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { failureKey } from "./stale-while-revalidate";
import { CATALOG_KEYS } from "./upstream-cache";

/** Seconds a buyer's browser (and any CDN) should wait before asking again. */
export const RETRY_AFTER_SECONDS = 30;

/** True while the last first-load of this upstream's games list failed and no copy is kept. */
export async function catalogOutage(kv: Kv, upstream: string): Promise<boolean> {
  try {
    const key = CATALOG_KEYS.gamesList(upstream);
    const [failed, copy] = await Promise.all([kv.get(failureKey(key)), kv.get(key)]);
    return failed !== null && copy === null;
  } catch (error) {
    // KV trouble is not an outage of the catalogue: let the page try (it reads upstream).
    if (error instanceof KvError) return false;
    throw error;
  }
}

/** The answer to a catalogue page while the catalogue is out: its body, status and headers. */
export const CATALOG_UNAVAILABLE = {
  status: 503,
  html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Catalogue temporarily unavailable</title></head>
<body><main><h1>Catalogue temporarily unavailable</h1>
<p>We cannot reach our supplier just now. Nothing was bought or charged. Please try again in a minute.</p>
<p><a href="">Try again</a></p></main></body></html>`,
  headers: {
    "content-type": "text/html; charset=utf-8",
    // Never kept as the catalogue by a browser or CDN.
    "cache-control": "no-store",
    "retry-after": String(RETRY_AFTER_SECONDS),
  },
} as const;

export function catalogUnavailableResponse(): Response {
  return new Response(CATALOG_UNAVAILABLE.html, { status: CATALOG_UNAVAILABLE.status, headers: CATALOG_UNAVAILABLE.headers });
}
