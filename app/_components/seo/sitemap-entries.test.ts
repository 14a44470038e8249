import { describe, expect, it } from "vitest";
import { sitemapCount, sitemapEntries, URLS_PER_SITEMAP } from "./sitemap-entries";

const ORIGIN = "https://shop.example";
const products = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, slug: `p-${i + 1}` }));

describe("sitemapEntries", () => {
  it("lists the catalogue and every product in both languages, each naming the other", () => {
    const entries = sitemapEntries(products(2), 0, ORIGIN);
    expect(entries.map((e) => e.url)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/zh`,
      `${ORIGIN}/products/1/p-1`,
      `${ORIGIN}/zh/products/1/p-1`,
      `${ORIGIN}/products/2/p-2`,
      `${ORIGIN}/zh/products/2/p-2`,
    ]);
    expect(entries[3]?.alternates).toEqual({ languages: { en: `${ORIGIN}/products/1/p-1`, "zh-Hans": `${ORIGIN}/zh/products/1/p-1` } });
  });

  it("splits past 50,000 URLs, listing every product exactly once per language", () => {
    const count = 60_000;
    const all = products(count);
    expect(sitemapCount(0)).toBe(1);
    expect(sitemapCount(24_999)).toBe(1);
    expect(sitemapCount(25_000)).toBe(2);
    expect(sitemapCount(count)).toBe(3);
    const urls = Array.from({ length: sitemapCount(count) }, (_, i) => sitemapEntries(all, i, ORIGIN).map((e) => e.url));
    for (const file of urls) expect(file.length).toBeLessThanOrEqual(URLS_PER_SITEMAP);
    const flat = urls.flat();
    expect(flat.length).toBe(2 * count + 2);
    expect(new Set(flat).size).toBe(flat.length);
    expect(sitemapEntries(all, sitemapCount(count), ORIGIN)).toEqual([]);
  });
});
