// The page views Next routes by itself, without running proxy.ts: a GET of the catalogue or of a
// product page whose language the request settles without any code, which is almost every page
// view a shop gets (docs/architecture-decisions.md 237). next.config.mjs makes them rewrites;
// proxy.ts's matcher runs the proxy on every other request to these paths. A plain JavaScript
// module because next.config.mjs loads it with Node's own loader. tests/storefront-routes.test.ts
// holds these rewrites, the proxy's matcher and routeDecision (lib/shop/route-decision.ts) to
// each other: every request is either rewritten here, to where the proxy would send it, or seen
// by the proxy.

/** Where the catalogue's pages are rendered, under a language (lib/shop/route-decision.ts CATALOG_SEGMENT). */
const CATALOG_SEGMENT = "/by-upstream/this";

/** The buyer's own choice of language (lib/i18n/locales.ts LOCALE_COOKIE). */
const LOCALE_COOKIE = "NEXT_LOCALE";

// A form POST goes to the proxy, which refuses one whose body does not parse; a GET has no body
// and no Content-Type.
const NO_BODY = { type: "header", key: "content-type" };

// "/" with a search in its query is the search page, rendered per request (route-decision.ts SEARCH_KEYS).
const NO_SEARCH = ["q", "platform", "region", "country", "sort"].map((key) => ({ type: "query", key }));

// English for sure, with nothing but Next's own matching: the buyer chose it, or chose nothing and
// their browser names no Chinese at all. Any other request at an English URL goes to the proxy,
// which ranks Accept-Language (lib/i18n/pick-locale.ts) and may send the buyer to /zh/….
const ENGLISH = [
  { has: [{ type: "cookie", key: LOCALE_COOKIE, value: "en" }], missing: [] },
  { has: [], missing: [{ type: "cookie", key: LOCALE_COOKIE }, { type: "header", key: "accept-language", value: ".*[Zz][Hh].*" }] },
];

// The catalogue and a product page at its canonical URL. A path that is not of exactly these
// characters, one with a percent escape included, goes to the proxy, which answers 404 for an
// escape that does not decode. So does a product's short URL (/products/<id>): a redirect
// rendered per request, never cached, so only the proxy can answer it 503 in an outage.
const PAGES = [
  { source: "", destination: "", search: true },
  { source: "/products/:id([0-9]+)/:slug([a-z0-9-]+)", destination: "/products/:id/:slug", search: false },
];

/** next.config.mjs `rewrites().beforeFiles`: what Next applies when proxy.ts's matcher lets a request by. */
export function storefrontRewrites() {
  return PAGES.flatMap((page) => {
    const missing = page.search ? [NO_BODY, ...NO_SEARCH] : [NO_BODY];
    const english = ENGLISH.map((language) => ({
      source: page.source || "/",
      destination: `/en${CATALOG_SEGMENT}${page.destination}`,
      ...(language.has.length > 0 ? { has: language.has } : {}),
      missing: [...language.missing, ...missing],
    }));
    // A URL under /zh names its language: nothing else to settle.
    const chinese = { source: `/zh${page.source}`, destination: `/zh${CATALOG_SEGMENT}${page.destination}`, missing };
    return [...english, chinese];
  });
}
