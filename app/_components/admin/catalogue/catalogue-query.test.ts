// The list's filters and paging, read from the URL as the server renders the page.
import { describe, expect, it } from "vitest";
import { PER_PAGE, catalogueHref, filterAndPage, readCatalogueQuery, type FilterableRow } from "./catalogue-query";

const row = (id: number, name: string, flags: Partial<FilterableRow> = {}): FilterableRow => ({ id, name, upstreamName: name, brand: "Brand", hidden: false, featured: false, isNew: false, ...flags });

describe("the catalogue list's query", () => {
  it("reads the URL leniently and writes it back without defaults", () => {
    const query = readCatalogueQuery({ q: ["mythic", "x"], visibility: "hidden", featured: "maybe", page: "2" });
    expect(query).toEqual({ q: "mythic", visibility: "hidden", featured: "all", fresh: "all", page: 2 });
    expect(catalogueHref(query)).toBe("/admin/catalogue?q=mythic&visibility=hidden&page=2");
    expect(catalogueHref(readCatalogueQuery({ page: "-4" }))).toBe("/admin/catalogue");
  });

  it("filters by text, visibility, featured and new, sorted by name", () => {
    const rows = [row(3, "Cobalt", { hidden: true }), row(1, "Arcadia", { featured: true }), row(2, "Mythic", { isNew: true, brand: "Realms" })];
    const of = (params: Record<string, string>) => filterAndPage(rows, readCatalogueQuery(params)).matching.map((r) => r.id);
    expect(of({})).toEqual([1, 3, 2]);
    expect(of({ q: "realms" })).toEqual([2]);
    expect(of({ q: "3" })).toEqual([3]);
    expect(of({ visibility: "hidden" })).toEqual([3]);
    expect(of({ visibility: "visible", featured: "no" })).toEqual([2]);
    expect(of({ fresh: "new" })).toEqual([2]);
  });

  it("pages on the server, a page past the end showing the last", () => {
    const rows = Array.from({ length: PER_PAGE + 3 }, (_, i) => row(i + 1, `Item ${String(i).padStart(3, "0")}`));
    const second = filterAndPage(rows, readCatalogueQuery({ page: "9" }));
    expect(second).toMatchObject({ page: 2, pages: 2 });
    expect(second.rows.map((r) => r.id)).toEqual([PER_PAGE + 1, PER_PAGE + 2, PER_PAGE + 3]);
  });
});
