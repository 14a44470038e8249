// What the browser needs to draw, search, filter and sort the cards: one item per product,
// decoded from the compact rows the page ships (catalog-row.ts). The browser renders the cards
// from these, so the HTML holds each card's markup and the page's data each product once.
import type { CatalogFilters } from "./catalog-filters";

export interface CatalogItem {
  id: number;
  slug: string;
  brand: string;
  name: string;
  platform: string | null;
  region: string | null;
  country: string | null;
  /** Lowest retail price in minor units; null when nothing is priced. */
  fromMinor: number | null;
  /** A balance top-up: the buyer types the amount. */
  balance: boolean;
  deliveryMinutes: number;
  /** Why it cannot be bought, in words; null when it can. */
  unavailable: string | null;
  /** Name, brand, platform, region and country names, already normalised. */
  searchText: string;
}

export interface FacetOption {
  value: string;
  label: string;
}

/** Each filter's options, sorted by label. */
export interface Facets {
  platforms: FacetOption[];
  regions: FacetOption[];
  countries: FacetOption[];
}

/** Region and country codes in words, as the filters name them. */
export interface PlaceNames {
  regions: ReadonlyMap<string, string>;
  countries: ReadonlyMap<string, string>;
}

export function placeNames(facets: Facets): PlaceNames {
  const names = (options: FacetOption[]) => new Map(options.map((o) => [o.value, o.label]));
  return { regions: names(facets.regions), countries: names(facets.countries) };
}

/** Lower case without accents, so "pokemon" finds "Pokémon". */
export function normaliseText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function matches(item: CatalogItem, filters: CatalogFilters, words: string[]): boolean {
  if (filters.platform && item.platform !== filters.platform) return false;
  if (filters.region && item.region !== filters.region) return false;
  if (filters.country && item.country !== filters.country) return false;
  return words.every((word) => item.searchText.includes(word));
}

const byText = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

function compare(a: CatalogItem, b: CatalogItem, filters: CatalogFilters): number {
  if ((a.unavailable === null) !== (b.unavailable === null)) return a.unavailable === null ? -1 : 1;
  if (filters.sort !== "recommended" && a.fromMinor !== b.fromMinor) {
    if (a.fromMinor === null) return 1;
    if (b.fromMinor === null) return -1;
    return filters.sort === "price-asc" ? a.fromMinor - b.fromMinor : b.fromMinor - a.fromMinor;
  }
  return byText(a.brand, b.brand) || byText(a.name, b.name) || a.id - b.id;
}

/** Matching items, available first, then by brand and name (or by price when asked). */
export function selectItems(items: readonly CatalogItem[], filters: CatalogFilters): CatalogItem[] {
  const words = normaliseText(filters.q).split(/\s+/).filter(Boolean);
  return items.filter((item) => matches(item, filters, words)).sort((a, b) => compare(a, b, filters));
}
