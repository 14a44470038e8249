// The sitemap's contents, kept apart from Next's file convention (app/sitemap.ts) so the
// splitting is tested directly. Every buyer's page is listed once per language, each entry
// naming the other languages (hreflang); a sitemap holds at most 50,000 URLs, so a catalogue
// past that is listed across several (generateSitemaps).
import type { MetadataRoute } from "next";
import type { Product } from "@/lib/catalog/types";
import { localePath } from "@/lib/i18n/locale-path";
import { LOCALE_TAGS, LOCALES, type Locale } from "@/lib/i18n/locales";

/** The sitemap protocol's limit on URLs in one file. */
export const URLS_PER_SITEMAP = 50_000;
/** Each product is one URL per language. */
const PRODUCTS_PER_SITEMAP = Math.floor(URLS_PER_SITEMAP / LOCALES.length);
/** The first sitemap also lists the catalogue itself, once per language. */
const FIRST_SITEMAP_PRODUCTS = PRODUCTS_PER_SITEMAP - 1;

/** How many sitemaps `productCount` products take: always at least one, for the catalogue. */
export function sitemapCount(productCount: number): number {
  return 1 + Math.max(0, Math.ceil((productCount - FIRST_SITEMAP_PRODUCTS) / PRODUCTS_PER_SITEMAP));
}

/** Sitemap `index` (0-based) of a catalogue of `products`, with absolute URLs on `origin`. */
export function sitemapEntries(products: readonly Pick<Product, "id" | "slug">[], index: number, origin: string): MetadataRoute.Sitemap {
  const start = index === 0 ? 0 : FIRST_SITEMAP_PRODUCTS + (index - 1) * PRODUCTS_PER_SITEMAP;
  const end = index === 0 ? FIRST_SITEMAP_PRODUCTS : start + PRODUCTS_PER_SITEMAP;
  const pages = products.slice(start, end).map((p) => `/products/${p.id}/${p.slug}`);
  if (index === 0) pages.unshift("/");
  return pages.flatMap((page) => LOCALES.map((locale) => entry(page, locale, origin)));
}

function entry(page: string, locale: Locale, origin: string): MetadataRoute.Sitemap[number] {
  const at = (l: Locale) => new URL(localePath(l, page), origin).toString();
  return { url: at(locale), alternates: { languages: Object.fromEntries(LOCALES.map((l) => [LOCALE_TAGS[l], at(l)])) } };
}
