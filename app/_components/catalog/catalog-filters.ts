// The catalogue's search, filters and sort, as one value that lives in the URL so a filtered
// page can be shared and is rendered by the server. Pure: the page and the browser share it.
export const SORTS = ["recommended", "price-asc", "price-desc"] as const;
export type Sort = (typeof SORTS)[number];

export interface CatalogFilters {
  q: string;
  platform: string | null;
  region: string | null;
  country: string | null;
  sort: Sort;
}

export const NO_FILTERS: CatalogFilters = { q: "", platform: null, region: null, country: null, sort: "recommended" };

type Params = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : null;
}

export function parseFilters(params: Params): CatalogFilters {
  const sort = first(params.sort);
  return {
    q: (first(params.q) ?? "").slice(0, 100),
    platform: first(params.platform),
    region: first(params.region),
    country: first(params.country),
    sort: SORTS.find((s) => s === sort) ?? "recommended",
  };
}

/** The query string for filters, without defaults, so the plain catalogue stays at "/". */
export function filtersToQuery(filters: CatalogFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.platform) params.set("platform", filters.platform);
  if (filters.region) params.set("region", filters.region);
  if (filters.country) params.set("country", filters.country);
  if (filters.sort !== "recommended") params.set("sort", filters.sort);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function hasFilters(filters: CatalogFilters): boolean {
  return filtersToQuery({ ...filters, sort: "recommended" }) !== "";
}
