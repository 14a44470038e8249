// The catalogue's items as the page ships them to the browser: a row of values per product
// rather than an object, because the page's data is inlined in its HTML, and key names, slugs
// and search text would repeat on every product of a page whose bytes cost on every request.
import { slugify } from "@/lib/text/slug";
import type { CatalogSnapshot, Product } from "@/lib/catalog/types";
import type { Locale } from "@/lib/i18n/locales";
import { searchableText } from "@/lib/catalog/search/match-query";
import { normaliseText } from "@/lib/catalog/search/search-text";
import { unavailableInWords, type Translator } from "../i18n/words";
import type { CatalogItem, PlaceNames } from "./catalog-items";
import { productBrand } from "./catalog-view";

export type CatalogRow = [
  id: number,
  name: string,
  /** null when the brand is the name. */
  brand: string | null,
  platform: string | null,
  region: string | null,
  country: string | null,
  fromMinor: number | null,
  balance: boolean,
  deliveryMinutes: number,
  /** Why it cannot be bought, in words; null when it can. */
  unavailable: string | null,
  /** 1 when the owner features it, else 0. */
  featured: 0 | 1,
  /** Completed orders so far. */
  sales: number,
  /** The owner's place under "Recommended", lower first; null when not set. */
  sortOrder: number | null,
  /** Only when the slug is not the name's (it usually is: lib/catalog/map-service.ts). */
  slug?: string,
];

/** What ranks a product under "Recommended" besides the owner's flags: known to the page, not to the catalogue. */
export interface ProductRank {
  sales: ReadonlyMap<number, number>;
}

/** `t` words why a product cannot be bought, in the page's language; the name is the page's language's. */
export function toCatalogRow(product: Product, snapshot: CatalogSnapshot, rank: ProductRank, t: Translator, locale: Locale): CatalogRow {
  const brand = productBrand(product);
  const name = product.names[locale];
  const row: CatalogRow = [
    product.id,
    name,
    brand === name ? null : brand,
    product.platform,
    product.region,
    product.country,
    snapshot.fromPrices[product.id]?.minor ?? null,
    product.type === "balance",
    product.deliveryTargetMinutes,
    product.available ? null : unavailableInWords(t, product.unavailableReason),
    product.featured ? 1 : 0,
    rank.sales.get(product.id) ?? 0,
    product.sortOrder,
  ];
  if (product.slug !== slugify(name)) row.push(product.slug);
  return row;
}

export function fromCatalogRow(row: CatalogRow, names: PlaceNames): CatalogItem {
  const [id, name, brand, platform, region, country, fromMinor, balance, deliveryMinutes, unavailable, featured, sales, sortOrder, slug] = row;
  const words = [name, brand, platform, region && names.regions.get(region), country && names.countries.get(country), country];
  return {
    id,
    slug: slug ?? slugify(name),
    brand: brand ?? name,
    name,
    platform,
    region,
    country,
    fromMinor,
    balance,
    deliveryMinutes,
    unavailable,
    featured: featured === 1,
    sales,
    sortOrder,
    search: searchableText(normaliseText(words.filter(Boolean).join(" "))),
  };
}
