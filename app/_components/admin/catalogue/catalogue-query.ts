// The admin catalogue list's filters and page, as one value read from the URL (so a filtered
// list can be bookmarked and is rendered by the server) and sent again by the bulk form, which
// acts on "every product matching the filters" by re-reading them on the server. Pure and
// browser-safe: the page, the bulk form's schema and the server action share it.
import { z } from "zod";

export const PER_PAGE = 25;

/** Anything unreadable in a URL falls back to "no filter" rather than an error page. */
export const catalogueFiltersSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  visibility: z.enum(["all", "visible", "hidden"]).catch("all"),
  featured: z.enum(["all", "yes", "no"]).catch("all"),
  fresh: z.enum(["all", "new", "known"]).catch("all"),
});

export type CatalogueFilters = z.infer<typeof catalogueFiltersSchema>;

export const catalogueQuerySchema = catalogueFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

/** What a row needs for filtering; PresentationRow (lib/catalog/presentation) has it all. */
export interface FilterableRow {
  id: number;
  name: string;
  upstreamName: string;
  brand: string;
  hidden: boolean;
  featured: boolean;
  isNew: boolean;
}

export function readCatalogueQuery(params: Record<string, string | string[] | undefined>): CatalogueQuery {
  // A repeated parameter counts by its first value, as the storefront's filters do.
  const first = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  return catalogueQuerySchema.parse(first);
}

export function matchesFilters(row: FilterableRow, filters: CatalogueFilters): boolean {
  const q = filters.q.toLowerCase();
  if (q && ![row.name, row.upstreamName, row.brand, String(row.id)].some((text) => text.toLowerCase().includes(q))) return false;
  if (filters.visibility !== "all" && row.hidden !== (filters.visibility === "hidden")) return false;
  if (filters.featured !== "all" && row.featured !== (filters.featured === "yes")) return false;
  if (filters.fresh !== "all" && row.isNew !== (filters.fresh === "new")) return false;
  return true;
}

/** The matching rows by name (then id, as two services may share one), and the one page asked for. */
export function filterAndPage<R extends FilterableRow>(rows: readonly R[], query: CatalogueQuery) {
  const matching = rows.filter((row) => matchesFilters(row, query)).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const pages = Math.max(1, Math.ceil(matching.length / PER_PAGE));
  const page = Math.min(query.page, pages);
  return { matching, rows: matching.slice((page - 1) * PER_PAGE, page * PER_PAGE), page, pages };
}

/** The list's URL for a query, leaving defaults out so the plain list stays /admin/catalogue. */
export function catalogueHref(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.visibility !== "all") params.set("visibility", query.visibility);
  if (query.featured !== "all") params.set("featured", query.featured);
  if (query.fresh !== "all") params.set("fresh", query.fresh);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/admin/catalogue${search ? `?${search}` : ""}`;
}
