import { describe, expect, it } from "vitest";
import { filtersToQuery, hasFilters, NO_FILTERS, parseFilters } from "./catalog-filters";
import { searchableText } from "@/lib/catalog/search/match-query";
import { normaliseText } from "@/lib/catalog/search/search-text";
import { selectItems, type CatalogItem } from "./catalog-items";

function item(id: number, brand: string, name: string, extra: Partial<CatalogItem> = {}): CatalogItem {
  const card = { slug: `p-${id}`, balance: false, deliveryMinutes: 5 };
  const base = { id, brand, name, platform: null, region: null, country: null, unavailable: null, fromMinor: 1000, featured: false, sales: 0, sortOrder: null, ...card, ...extra };
  return { ...base, search: searchableText(normaliseText([name, brand, base.platform, base.country].filter(Boolean).join(" "))) };
}

const items = [
  item(1, "Vaultline", "Vaultline Gift Card (US)", { platform: "PC", country: "US", fromMinor: 530 }),
  item(2, "Orbit Network", "Orbit Network Card (Saudi Arabia)", { platform: "PlayStation", country: "SA", unavailable: "Out of stock", fromMinor: 100 }),
  item(3, "Arcadia", "Arcadia Cloud Pass", { platform: "Cloud", region: "GLOBAL", fromMinor: 1044 }),
  item(4, "Mythic Realms", "Mythic Realms Diamonds (Russia)", { platform: "Mobile", country: "RU", fromMinor: 157 }),
  item(5, "Mythic Realms", "Mythic Realms Diamonds (outside Russia)", { platform: "Mobile", region: "ROW", fromMinor: 153 }),
  item(6, "Pokémon Café", "Pokémon Café Coins", { platform: "Mobile", fromMinor: null }),
];
const ids = (list: CatalogItem[]) => list.map((i) => i.id);

describe("catalogue filters in the URL", () => {
  it("parses what the URL holds, ignoring blanks and unknown sorts", () => {
    expect(parseFilters({})).toEqual(NO_FILTERS);
    expect(parseFilters({ q: "  diamonds ", platform: "Mobile", region: "", country: ["RU", "US"], sort: "cheapest" })).toEqual({
      q: "diamonds",
      platform: "Mobile",
      region: null,
      country: "RU",
      sort: "recommended",
    });
    expect(parseFilters({ sort: "price-desc" }).sort).toBe("price-desc");
  });

  it("writes only what differs from the plain catalogue", () => {
    expect(filtersToQuery(NO_FILTERS)).toBe("");
    expect(filtersToQuery({ ...NO_FILTERS, q: "gift card", platform: "PC", sort: "price-asc" })).toBe("?q=gift+card&platform=PC&sort=price-asc");
    expect(parseFilters(Object.fromEntries(new URLSearchParams("q=gift+card&platform=PC")))).toMatchObject({ q: "gift card", platform: "PC" });
  });

  it("knows when something is filtered (sorting alone does not count)", () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, sort: "price-asc" })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, country: "US" })).toBe(true);
  });
});

describe("selecting catalogue items", () => {
  it("puts available products first, then sorts by brand and name", () => {
    expect(ids(selectItems(items, NO_FILTERS))).toEqual([3, 5, 4, 6, 1, 2]);
  });

  it("searches every word across name, brand and platform, ignoring case and accents", () => {
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "mythic RUSSIA" }))).toEqual([5, 4]);
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "pokemon cafe" }))).toEqual([6]);
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "playstation" }))).toEqual([2]);
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "nothing like this" }))).toEqual([]);
  });

  it("forgives typos, short names and spellings gamers use", () => {
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "diamnds" }))).toEqual([5, 4]);
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "mythik diamonds" }))).toEqual([5, 4]);
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "psn" }))).toEqual([2]);
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "giftcard" }))).toEqual([1]);
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "POKÉMON" }))).toEqual([6]);
    // Short words must be right: "us" is not a typo of every two-letter word.
    expect(ids(selectItems(items, { ...NO_FILTERS, q: "uk" }))).toEqual([]);
  });

  it("puts the closest matches first under Recommended", () => {
    const cards = [item(7, "Vault Cards", "Vault Cards"), item(8, "Vaultline", "Vaultline Gift Card")];
    // An exact word ranks above the start of a longer one.
    expect(ids(selectItems(cards, { ...NO_FILTERS, q: "vaultline" }))).toEqual([8]);
    expect(ids(selectItems(cards, { ...NO_FILTERS, q: "vault" }))).toEqual([7, 8]);
  });

  it("recommends featured products first, then the best sellers, then by name", () => {
    const ranked = [
      item(1, "Alpha", "Alpha Card"),
      item(2, "Beta", "Beta Card", { sales: 5 }),
      item(3, "Gamma", "Gamma Card", { sales: 9 }),
      item(4, "Zeta", "Zeta Card", { featured: true }),
    ];
    expect(ids(selectItems(ranked, NO_FILTERS))).toEqual([4, 3, 2, 1]);
  });

  it("puts the owner's sort order after featured and before sales, placed products before the rest", () => {
    const ranked = [
      item(1, "Alpha", "Alpha Card", { sales: 50 }),
      item(2, "Beta", "Beta Card", { sortOrder: 2 }),
      item(3, "Gamma", "Gamma Card", { sortOrder: -1 }),
      item(4, "Zeta", "Zeta Card", { featured: true, sortOrder: 9 }),
      item(5, "Eta", "Eta Card", { featured: true }),
    ];
    expect(ids(selectItems(ranked, NO_FILTERS))).toEqual([4, 5, 3, 2, 1]);
  });

  it("filters by platform, region and country together", () => {
    expect(ids(selectItems(items, { ...NO_FILTERS, platform: "Mobile" }))).toEqual([5, 4, 6]);
    expect(ids(selectItems(items, { ...NO_FILTERS, platform: "Mobile", country: "RU" }))).toEqual([4]);
    expect(ids(selectItems(items, { ...NO_FILTERS, region: "GLOBAL" }))).toEqual([3]);
  });

  it("sorts by price both ways, unpriced and unavailable products last", () => {
    expect(ids(selectItems(items, { ...NO_FILTERS, sort: "price-asc" }))).toEqual([5, 4, 1, 3, 6, 2]);
    expect(ids(selectItems(items, { ...NO_FILTERS, sort: "price-desc" }))).toEqual([3, 1, 4, 5, 6, 2]);
  });

  it("does not reorder its input", () => {
    const copy = [...items];
    selectItems(items, { ...NO_FILTERS, sort: "price-asc" });
    expect(items).toEqual(copy);
  });
});
