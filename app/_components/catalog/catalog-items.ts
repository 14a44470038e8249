// What the browser needs to search, filter and sort the cards: one small row per product.
// The cards themselves are server-rendered, so this list is all the catalogue ships as data.
import type { CatalogFilters } from "./catalog-filters";

export interface CatalogItem {
  id: number;
  brand: string;
  name: string;
  platform: string | null;
  region: string | null;
  country: string | null;
  available: boolean;
  /** Lowest retail price in minor units; null when nothing is priced. */
  fromMinor: number | null;
  /** Name, brand, platform, region and country names, already normalised. */
  searchText: string;
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
  if (a.available !== b.available) return a.available ? -1 : 1;
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
