import { describe, expect, it } from "vitest";
import { CATALOG_UNAVAILABLE, RETRY_AFTER_SECONDS } from "@/lib/catalog/catalog-outage";
import { isCatalogPageKey, outagePageEntry } from "./outage-page";

// Keys as Next hands them to the cache handler (getRouteCacheKey): kind, a hash of the route, the path.
const key = (path: string) => `/route-cache/APP_PAGE/3f2a9c/$${path}`;

describe("the outage page in the page cache", () => {
  it("stands in for the catalogue's pages only", () => {
    expect(isCatalogPageKey("APP_PAGE", key("/en/by-upstream/this"))).toBe(true);
    expect(isCatalogPageKey("APP_PAGE", key("/zh/by-upstream/this/products/432/starfall-legends-crystals"))).toBe(true);
    expect(isCatalogPageKey("APP_PAGE", key("/en/orders/01K"))).toBe(false);
    expect(isCatalogPageKey("APP_PAGE", key("/en/admin"))).toBe(false);
    // Data and route handlers are never a page.
    expect(isCatalogPageKey("FETCH", key("/en/by-upstream/this"))).toBe(false);
    expect(isCatalogPageKey("APP_ROUTE", key("/en/by-upstream/this/products/1/x/og-image"))).toBe(false);
  });

  it("is served as a 503 that no cache keeps, fresh as long as the buyer is asked to wait", () => {
    const entry = outagePageEntry(1_000);
    expect(entry.lastModified).toBe(1_000);
    expect(entry.cacheControl).toEqual({ revalidate: RETRY_AFTER_SECONDS, expire: undefined });
    expect(entry.value).toMatchObject({ kind: "APP_PAGE", status: 503, html: CATALOG_UNAVAILABLE.html });
    expect(entry.value && "headers" in entry.value ? entry.value.headers : null).toEqual({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": String(RETRY_AFTER_SECONDS),
    });
  });
});
