// The HTTP side of "catalogue temporarily unavailable". A Next page can only answer 200, 404,
// 401/403 or (by throwing) 500, so the 503 comes from the request proxy: it asks
// `catalogOutageNow()` (lib/shop/catalog-outage.ts) before a catalogue page renders and answers `catalogUnavailableResponse()`
// while upstream is down and no copy exists. The render that discovers the outage throws
// CatalogUnavailableError (a 500 with the same message, never cached); the ones after it get
// the 503 here without touching upstream.
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

export function catalogUnavailableResponse(): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Catalogue temporarily unavailable</title></head>
<body><main><h1>Catalogue temporarily unavailable</h1>
<p>We cannot reach our supplier just now. Nothing was bought or charged. Please try again in a minute.</p>
<p><a href="">Try again</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      // Never kept as the catalogue by a browser or CDN.
      "cache-control": "no-store",
      "retry-after": String(RETRY_AFTER_SECONDS),
    },
  });
}
