import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import type { Translator } from "../i18n/words";
import type { CatalogSnapshot, Product } from "@/lib/catalog/types";
import { placeNames } from "./catalog-items";
import { fromCatalogRow, toCatalogRow } from "./catalog-row";
import { catalogFacets } from "./catalog-view";

function product(id: number, extra: Partial<Product>): Product {
  const name = extra.name ?? `Product ${id}`;
  return {
    id,
    slug: `p-${id}`,
    name,
    names: { en: name, zh: name },
    brand: "Brand",
    country: null,
    region: null,
    platform: null,
    description: null,
    summaries: { en: null, zh: null },
    image: null,
    featured: false,
    sortOrder: null,
    type: "voucher",
    currency: "USD",
    discountPercent: null,
    minAmountMinor: null,
    maxAmountMinor: null,
    topUpPresetsMinor: null,
    deliveryTargetMinutes: 5,
    deliveryMaxMinutes: 60,
    playerCheck: false,
    reservable: false,
    autoActivation: false,
    available: true,
    unavailableReason: null,
    ...extra,
  };
}

const products = [
  product(1, { name: "Kinoko Shop Card (Japan)", brand: "Kinoko Shop", country: "JP", platform: "Nintendo" }),
  product(2, { name: "Cobalt Cash Card (MENA)", brand: "Cobalt Cash", region: "MENA", platform: "PC" }),
  product(3, { name: "Lotus Saga Jade (India)", brand: "Lotus Saga", country: "IN", platform: "Mobile" }),
  product(4, { name: "Another PC card", region: "MENA", platform: "PC" }),
];
const t = createTranslator({ locale: "en", messages: messagesOf("en") }) as unknown as Translator;
const NO_RANK = { sales: new Map<number, number>() };
const snapshot: CatalogSnapshot = { products, fromPrices: { 1: { minor: 724, currency: "USD" } }, fetchedAt: 0, stale: false };

describe("catalogue view", () => {
  it("makes region and country names searchable, not just their codes", () => {
    const names = placeNames(catalogFacets(products, t, "en"));
    const item = (p: Product) => fromCatalogRow(toCatalogRow(p, snapshot, NO_RANK, t, "en"), names);
    const japan = item(products[0]!);
    expect(japan.search.words).toContain("japan");
    expect(japan.search.words).toContain("nintendo");
    expect(japan.fromMinor).toBe(724);
    expect(item(products[1]!).search.words.join(" ")).toContain("middle east north africa");
    expect(item(products[1]!).fromMinor).toBeNull();
  });

  it("ships each product as a short row that the browser reads back whole", () => {
    const names = placeNames(catalogFacets(products, t, "en"));
    const unavailable = product(5, { name: "Brand", slug: "brand", type: "balance", available: false, unavailableReason: "out_of_stock", featured: true, sortOrder: 3 });
    const row = toCatalogRow(unavailable, snapshot, { sales: new Map([[5, 12]]) }, t, "en");
    expect(row).toEqual([5, "Brand", null, null, null, null, null, true, 5, "Out of stock", 1, 12, 3]);
    expect(fromCatalogRow(row, names)).toMatchObject({ slug: "brand", brand: "Brand", balance: true, unavailable: "Out of stock", featured: true, sales: 12, sortOrder: 3 });
    // A slug that is not the name's travels with the row.
    expect(fromCatalogRow(toCatalogRow(products[3]!, snapshot, NO_RANK, t, "en"), names)).toMatchObject({ slug: "p-4", brand: "Brand", region: "MENA" });
  });

  it("names each product in the page's language, the owner's Chinese name on the Chinese page", () => {
    const names = placeNames(catalogFacets(products, t, "zh"));
    const named = product(9, { name: "Jade Card", names: { en: "Jade Card", zh: "翡翠卡" }, slug: "jade-card" });
    const row = toCatalogRow(named, snapshot, NO_RANK, t, "zh");
    expect(row[1]).toBe("翡翠卡");
    expect(fromCatalogRow(row, names)).toMatchObject({ name: "翡翠卡", slug: "jade-card" });
  });

  it("offers each platform, region and country once, named and sorted by name", () => {
    expect(catalogFacets(products, t, "en")).toEqual({
      platforms: [
        { value: "Mobile", label: "Mobile" },
        { value: "Nintendo", label: "Nintendo" },
        { value: "PC", label: "PC" },
      ],
      regions: [{ value: "MENA", label: "Middle East & North Africa" }],
      countries: [
        { value: "IN", label: "India" },
        { value: "JP", label: "Japan" },
      ],
    });
  });

  it("names places in the page's language", () => {
    const zh = createTranslator({ locale: "zh", messages: messagesOf("zh") }) as unknown as Translator;
    const facets = catalogFacets(products, zh, "zh");
    expect(facets.regions).toEqual([{ value: "MENA", label: "中东和北非" }]);
    expect(facets.countries.map((c) => c.label).sort()).toEqual(["印度", "日本"].sort());
  });
});
