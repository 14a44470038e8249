import { describe, expect, it } from "vitest";
import type { CatalogSnapshot, Product } from "@/lib/catalog/types";
import { catalogFacets, toCatalogItem } from "./catalog-view";

function product(id: number, extra: Partial<Product>): Product {
  return {
    id,
    slug: `p-${id}`,
    name: `Product ${id}`,
    brand: "Brand",
    country: null,
    region: null,
    platform: null,
    description: null,
    type: "voucher",
    currency: "USD",
    discountPercent: null,
    minAmountMinor: null,
    maxAmountMinor: null,
    deliveryTargetMinutes: 5,
    deliveryMaxMinutes: 60,
    playerCheck: false,
    reservable: false,
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
const snapshot: CatalogSnapshot = { products, fromPrices: { 1: { minor: 724, currency: "USD" } }, fetchedAt: 0, stale: false };

describe("catalogue view", () => {
  it("makes region and country names searchable, not just their codes", () => {
    const japan = toCatalogItem(products[0]!, snapshot);
    expect(japan.searchText).toContain("japan");
    expect(japan.searchText).toContain("nintendo");
    expect(japan.fromMinor).toBe(724);
    expect(toCatalogItem(products[1]!, snapshot).searchText).toContain("middle east & north africa");
    expect(toCatalogItem(products[1]!, snapshot).fromMinor).toBeNull();
  });

  it("offers each platform, region and country once, named and sorted by name", () => {
    expect(catalogFacets(products)).toEqual({
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
});
