// What proxy.ts decides for a path, kept apart from Next's request types so it can be tested.
import { hasLanguageUrls, localePath, splitLocalePath } from "@/lib/i18n/locale-path";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/i18n/locales";
import type { ShopMode } from "@/lib/config/shop-mode";

/** Prefixes mounted only in a demo shop: the embedded Partner API, payments, Turnstile and QStash sandboxes. */
export const DEMO_ONLY_PREFIXES = ["/sandbox", "/payments-sandbox", "/turnstile-sandbox", "/qstash-sandbox"];
/**
 * Where the catalogue's pages are rendered, under a language (app/[locale]/by-upstream/[upstream]):
 * the upstream this process serves. Which upstream that is stays out of the URL, so that Next's
 * own routing can send a page view here without running the proxy (lib/shop/storefront-routes.mjs,
 * which names it too); the page cache keys its entries by the upstream's fingerprint instead
 * (lib/next-cache/kv-cache-handler.ts, docs/architecture-decisions.md 238).
 */
export const THIS_UPSTREAM = "this";
const CATALOG_SEGMENT = `/by-upstream/${THIS_UPSTREAM}`;
/** The query keys of a search (app/_components/catalog/catalog-filters.ts): "/" with one of them is a search. */
export const SEARCH_KEYS = ["q", "platform", "region", "country", "sort"];
/** Route handlers: never a page, never under a language. (public/ files never reach the proxy.) */
const API_PREFIX = "/api";
/** For search engines, in no language (app/robots.ts, app/sitemap.ts). */
const CRAWLER_FILES = ["/robots.txt", "/sitemap"];

/**
 * `catalog`: the page shows the upstream's catalogue, so it cannot be served in an outage.
 * `varies`: the answer on this URL depends on the visitor's language (a URL without one: the
 * English page, or a redirect to the visitor's language), so a shared cache must key it by what
 * picks the language.
 */
export type RouteDecision =
  | { kind: "not-found" }
  | { kind: "rewrite"; path: string; catalog: boolean; varies: boolean }
  | { kind: "redirect"; path: string }
  | { kind: "pass" };

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
 * with a search in its query (an older shared link) and "/search" render the search on the
 * server, so a shared search shows its results in the first HTML, also without scripts. Any
 * other query ("/?utm_source=…") leaves "/" the catalogue, as Next's own routing does.
 *
 * Every page is rendered under its language (app/[locale]). A buyer's page names its language
 * in its URL, English at /… and Chinese at /zh/… (lib/i18n/locale-path.ts), so that search
 * engines index both; a visitor whose language (`locale`: their choice in the cookie, else their
 * browser's) is not the URL's default is sent to their language's URL. The admin and a path that
 * is no page of ours (the 404 page, app/[locale]/[...missing]) keep one URL, rendered in the
 * visitor's language.
 */
export function routeDecision(path: string, mode: ShopMode, search = "", locale: Locale = "en"): RouteDecision {
  if (!decodable(path)) return { kind: "not-found" };
  if (DEMO_ONLY_PREFIXES.some((prefix) => under(path, prefix))) return mode === "live" ? { kind: "not-found" } : { kind: "pass" };
  if (under(path, API_PREFIX) || CRAWLER_FILES.some((prefix) => under(path, prefix))) return { kind: "pass" };
  // A page that names its language (/zh/…): its catalogue pages go to that language's cache;
  // any other page (/zh/orders/…, /zh/admin, a 404) is already where it is rendered.
  const named = splitLocalePath(path);
  if (named.locale !== null) {
    const catalog = catalogPage(named.rest, named.locale, search);
    return catalog ? { kind: "rewrite", path: catalog, catalog: true, varies: false } : { kind: "pass" };
  }
  // Already under a language: a rewritten request that comes back through the proxy (Next
  // proxies a rewrite over HTTP when it reads the rewrite's host as another one, as under
  // `next start -H 127.0.0.1`): served as it is.
  if (LOCALES.some((locale) => under(path, `/${locale}`))) return { kind: "pass" };
  if (hasLanguageUrls(path) && locale !== DEFAULT_LOCALE) return { kind: "redirect", path: `${localePath(locale, path)}${search.length > 1 ? search : ""}` };
  const catalog = catalogPage(path, DEFAULT_LOCALE, search);
  if (catalog) return { kind: "rewrite", path: catalog, catalog: true, varies: true };
  return { kind: "rewrite", path: `/${hasLanguageUrls(path) ? DEFAULT_LOCALE : locale}${path}`, catalog: false, varies: true };
}

/** Where a catalogue page (`path` without its language) is rendered in `locale`; null for any other page. */
function catalogPage(path: string, locale: Locale, search: string): string | null {
  const shop = `/${locale}${CATALOG_SEGMENT}`;
  if (path === "/search" || (path === "/" && isSearch(search))) return `${shop}/search`;
  if (path === "/") return shop;
  if (under(path, "/products")) return `${shop}${path}`;
  return null;
}

function isSearch(search: string): boolean {
  const query = new URLSearchParams(search);
  return SEARCH_KEYS.some((key) => query.has(key));
}
