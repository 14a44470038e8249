import { describe, expect, it } from "vitest";
import type { CacheHandlerValue } from "next/dist/server/lib/incremental-cache";
import { LANGUAGE_VARY, withLanguageVary } from "./language-vary";

// Keys as Next hands them to the cache handler (getRouteCacheKey): kind, a hash of the route, the path.
const key = (path: string) => `/route-cache/APP_PAGE/3f2a9c/$${path}`;

const page = (headers: Record<string, string> = { "x-next-cache-tags": "catalog" }): CacheHandlerValue =>
  ({
    lastModified: 1,
    value: { kind: "APP_PAGE", html: "<html></html>", rscData: undefined, headers, postponed: undefined, status: 200, segmentData: undefined },
  }) as CacheHandlerValue;

const headersOf = (entry: CacheHandlerValue) => (entry.value && "headers" in entry.value ? entry.value.headers : undefined);

describe("the language a cached page varies by", () => {
  it("is named on an English catalogue page, served at a URL a Chinese reader is sent away from", () => {
    for (const path of ["/en/by-upstream/this", "/en/by-upstream/this/products/432/starfall-legends-crystals"]) {
      const entry = page();
      expect(headersOf(withLanguageVary("APP_PAGE", key(path), entry)), path).toEqual({ "x-next-cache-tags": "catalog", vary: LANGUAGE_VARY });
      // The stored entry is left as it was.
      expect(headersOf(entry)).toEqual({ "x-next-cache-tags": "catalog" });
    }
    expect(LANGUAGE_VARY).toBe("Accept-Language, Cookie");
  });

  it("is not named where the URL itself names the language, nor on anything but a page", () => {
    const chinese = page();
    expect(withLanguageVary("APP_PAGE", key("/zh/by-upstream/this"), chinese)).toBe(chinese);
    const data = page();
    expect(withLanguageVary("FETCH", key("/en/by-upstream/this"), data)).toBe(data);
    const order = page();
    expect(withLanguageVary("APP_PAGE", key("/en/orders/01K"), order)).toBe(order);
  });
});
