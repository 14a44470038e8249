// A page view is routed either by Next itself (next.config.mjs's rewrites from
// lib/shop/storefront-routes.mjs) or by proxy.ts, never by neither, and where Next sends it is
// where the proxy would have: the same page, in the language the proxy would have picked
// (docs/architecture-decisions.md 237). Read with Next's own matchers, over requests that differ
// in everything the proxy looks at.
import { PHASE_PRODUCTION_SERVER } from "next/constants.js";
import type { NextConfig } from "next";
import { getRewrittenUrl, unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { filtersToQuery } from "@/app/_components/catalog/catalog-filters";
import { pickLocale } from "@/lib/i18n/pick-locale";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { routeDecision, SEARCH_KEYS } from "@/lib/shop/route-decision";
import { config } from "@/proxy";

// A specifier in a variable: the config is plain JavaScript, loaded as Next loads it.
const configUrl = new URL("../next.config.mjs", import.meta.url).href;
// The production server's phase: any other would bundle the cache handler first.
const nextConfig = ((await import(configUrl)) as { default: (phase: string) => NextConfig }).default(PHASE_PRODUCTION_SERVER);

const PATHS = [
  "/",
  "/?q=starfall",
  "/?platform=Mobile&sort=price-desc",
  "/?country=US",
  "/?region=Asia",
  "/?utm_source=mail",
  "/zh",
  "/zh?q=starfall",
  "/products/432",
  "/products/432/starfall-legends-crystals",
  "/products/432/starfall-legends-crystals?ref=x",
  "/zh/products/432/starfall-legends-crystals",
  "/products/abc",
  "/products/432/Starfall",
  "/products/%E0%A4%A",
  "/products/432/starfall-legends-crystals/og-image",
  "/search?q=starfall",
  "/orders/01K?key=k",
  "/admin",
  "/en/by-upstream/this",
];
const COOKIES: (string | undefined)[] = [undefined, "en", "zh", "fr"];
const LANGUAGES: (string | undefined)[] = [undefined, "*", "en-US,en;q=0.9", "zh-CN", "en;q=0.9, zh-CN", "fr, ZH;q=0"];
const BODIES: (string | undefined)[] = [undefined, "application/x-www-form-urlencoded"];

interface Request {
  url: string;
  cookies: Record<string, string>;
  headers: Record<string, string>;
}

function* requests(): Generator<Request> {
  for (const path of PATHS)
    for (const cookie of COOKIES)
      for (const language of LANGUAGES)
        for (const body of BODIES) {
          const headers: Record<string, string> = {};
          if (language !== undefined) headers["accept-language"] = language;
          if (body !== undefined) headers["content-type"] = body;
          yield { url: `https://shop.test${path}`, cookies: cookie === undefined ? {} : { [LOCALE_COOKIE]: cookie }, headers };
        }
}

const proxySees = (request: Request) => unstable_doesMiddlewareMatch({ config, ...request });

async function nextRewrite(request: Request): Promise<string | null> {
  const to = getRewrittenUrl(await unstable_getResponseFromNextConfig({ nextConfig, ...request }));
  return to && new URL(to).pathname;
}

/** Where proxy.ts would send the request. */
function proxyRewrite(request: Request): string | null {
  const url = new URL(request.url);
  const locale = pickLocale(request.cookies[LOCALE_COOKIE], request.headers["accept-language"]);
  const decision = routeDecision(url.pathname, "demo", url.search, locale);
  return decision.kind === "rewrite" ? decision.path : null;
}

describe("page views Next routes without proxy.ts", () => {
  it("go where the proxy would send them, and every other request goes to the proxy", async () => {
    let routedByNext = 0;
    for (const request of requests()) {
      if (proxySees(request)) continue;
      routedByNext += 1;
      const label = JSON.stringify(request);
      const to = await nextRewrite(request);
      expect(to, label).not.toBeNull();
      expect(to, label).toBe(proxyRewrite(request));
    }
    expect(routedByNext).toBeGreaterThan(0);
  });

  it("are a plain view of the catalogue or a product page, in a language settled without ranking", () => {
    const plain = (path: string, cookies: Record<string, string>, headers: Record<string, string>) => !proxySees({ url: `https://shop.test${path}`, cookies, headers });
    expect(plain("/", {}, {})).toBe(true);
    expect(plain("/", {}, { "accept-language": "en-US,en;q=0.9" })).toBe(true);
    expect(plain("/products/432/starfall-legends-crystals", { [LOCALE_COOKIE]: "en" }, { "accept-language": "zh-CN" })).toBe(true);
    expect(plain("/zh/products/432/starfall-legends-crystals", {}, { "accept-language": "en" })).toBe(true);
    expect(plain("/", {}, { "accept-language": "zh-CN" })).toBe(false);
    expect(plain("/?q=starfall", {}, {})).toBe(false);
    // A short product URL is a redirect rendered per request: only the proxy can answer it 503 in an outage.
    expect(plain("/products/432", {}, {})).toBe(false);
    expect(plain("/", {}, { "content-type": "multipart/form-data; boundary=x" })).toBe(false);
  });

  it("know every key of a search", () => {
    const everything = filtersToQuery({ q: "a", platform: "b", region: "c", country: "d", sort: "price-asc" });
    expect([...new URLSearchParams(everything).keys()].sort()).toEqual([...SEARCH_KEYS].sort());
  });
});
