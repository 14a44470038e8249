// What proxy.ts decides for a path, kept apart from Next's request types so it can be tested.
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import type { ShopMode } from "@/lib/config/shop-mode";

/** Prefixes mounted only in a demo shop: the embedded Partner API, payments, Turnstile and QStash sandboxes. */
export const DEMO_ONLY_PREFIXES = ["/sandbox", "/payments-sandbox", "/turnstile-sandbox", "/qstash-sandbox"];
/** The internal segment pages are rendered under (app/[locale]/by-upstream/[upstream]). */
export const UPSTREAM_SEGMENT = "/by-upstream";
/** Route handlers: never a page, never under a language. (public/ files never reach the proxy.) */
const API_PREFIX = "/api";

/** `catalog`: the page shows the upstream's catalogue, so it cannot be served in an outage. */
export type RouteDecision = { kind: "not-found" } | { kind: "rewrite"; path: string; catalog: boolean } | { kind: "pass" };

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Next answers 500 for a malformed escape in a dynamic segment (vercel/next.js#92527). */
function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * `search` is the query string ("" or "?…"). The plain catalogue "/" is a static page; "/"
 * with a query (an older shared link) and "/search" render the search on the server, so a
 * shared search shows its results in the first HTML, also without scripts.
 *
 * Every page is rendered under the visitor's language (app/[locale]), which the public URL
 * does not carry: one link serves each buyer in their own language, and each language is a
 * static page of its own. A path that is no page of ours goes there too, to the 404 page in
 * that language (app/[locale]/[...missing]).
 */
export function routeDecision(path: string, mode: ShopMode, upstream: string, search = "", locale: Locale = "en"): RouteDecision {
  if (!decodable(path)) return { kind: "not-found" };
  if (DEMO_ONLY_PREFIXES.some((prefix) => under(path, prefix))) return mode === "live" ? { kind: "not-found" } : { kind: "pass" };
  if (under(path, API_PREFIX)) return { kind: "pass" };
  // Already under a language: a rewritten request that comes back through the proxy (Next
  // proxies a rewrite over HTTP when it reads the rewrite's host as another one, as under
  // `next start -H 127.0.0.1`), or a link that names its language (/zh/…): served as it is.
  if (LOCALES.some((locale) => under(path, `/${locale}`))) return { kind: "pass" };
  const shop = `/${locale}${UPSTREAM_SEGMENT}/${upstream}`;
  if (path === "/search" || (path === "/" && search.length > 1)) return { kind: "rewrite", path: `${shop}/search`, catalog: true };
  if (path === "/") return { kind: "rewrite", path: shop, catalog: true };
  if (under(path, "/products")) return { kind: "rewrite", path: `${shop}${path}`, catalog: true };
  return { kind: "rewrite", path: `/${locale}${path}`, catalog: false };
}
