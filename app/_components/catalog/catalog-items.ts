// What the browser needs to draw, search, filter and sort the cards: one item per product,
// decoded from the compact rows the page ships (catalog-row.ts). The browser renders the cards
// from these, so the HTML holds each card's markup and the page's data each product once.
import { matchScore, type SearchableText } from "@/lib/catalog/search/match-query";
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
  /** Chosen by the owner to come first under "Recommended". */
  featured: boolean;
  /** Completed orders so far (lib/catalog/popularity.ts), the next key of "Recommended". */
  sales: number;
  /** The owner's place under "Recommended" (lower first), before sales; null when not set. */
  sortOrder: number | null;
  /** Name, brand, platform, region and country names, normalised (lib/catalog/search). */
  search: SearchableText;
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

function passesFilters(item: CatalogItem, filters: CatalogFilters): boolean {
  if (filters.platform && item.platform !== filters.platform) return false;
  if (filters.region && item.region !== filters.region) return false;
  if (filters.country && item.country !== filters.country) return false;
  return true;
}

const byText = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

/** Featured first, then the owner's order (placed ones before the rest), then what sells, then by name. */
function recommended(a: CatalogItem, b: CatalogItem): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  return bySortOrder(a.sortOrder, b.sortOrder) || b.sales - a.sales || byText(a.brand, b.brand) || byText(a.name, b.name) || a.id - b.id;
}

function bySortOrder(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

function byPrice(a: CatalogItem, b: CatalogItem, sort: "price-asc" | "price-desc"): number {
  if (a.fromMinor === b.fromMinor) return 0;
  if (a.fromMinor === null) return 1;
  if (b.fromMinor === null) return -1;
  return sort === "price-asc" ? a.fromMinor - b.fromMinor : b.fromMinor - a.fromMinor;
}

/**
 * Matching items, available first; then by price when asked, else (with a search) the closest
 * matches first; then in the recommended order.
 */
export function selectItems(items: readonly CatalogItem[], filters: CatalogFilters): CatalogItem[] {
  const scored = items
    .filter((item) => passesFilters(item, filters))
    .map((item) => ({ item, score: matchScore(filters.q, item.search) }))
    .filter(({ score }) => score > 0);
  scored.sort(
    (a, b) =>
      Number(a.item.unavailable !== null) - Number(b.item.unavailable !== null) ||
      (filters.sort === "recommended" ? b.score - a.score : byPrice(a.item, b.item, filters.sort)) ||
      recommended(a.item, b.item),
  );
  return scored.map(({ item }) => item);
}
