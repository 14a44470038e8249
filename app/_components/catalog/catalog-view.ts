// From the snapshot to what the catalogue page shows and the browser filters: one item per
// product with its search text, and the options of each filter with words for the codes.
import { countryName, regionName } from "@/lib/catalog/format";
import type { CatalogSnapshot, Product } from "@/lib/catalog/types";
import { normaliseText, type CatalogItem } from "./catalog-items";

export interface FacetOption {
  value: string;
  label: string;
}

export interface Facets {
  platforms: FacetOption[];
  regions: FacetOption[];
  countries: FacetOption[];
}

export function productBrand(product: Product): string {
  return product.brand || product.name;
}

export function toCatalogItem(product: Product, snapshot: CatalogSnapshot): CatalogItem {
  const words = [
    product.name,
    product.brand,
    product.platform,
    product.region && regionName(product.region),
    product.country && countryName(product.country),
    product.country,
  ];
  return {
    id: product.id,
    brand: productBrand(product),
    name: product.name,
    platform: product.platform,
    region: product.region,
    country: product.country,
    available: product.available,
    fromMinor: snapshot.fromPrices[product.id]?.minor ?? null,
    searchText: normaliseText(words.filter(Boolean).join(" ")),
  };
}

function options(values: (string | null)[], label: (value: string) => string): FacetOption[] {
  const distinct = [...new Set(values.filter((v): v is string => v !== null))];
  return distinct
    .map((value) => ({ value, label: label(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}

export function catalogFacets(products: readonly Product[]): Facets {
  return {
    platforms: options(
      products.map((p) => p.platform),
      (v) => v,
    ),
    regions: options(
      products.map((p) => p.region),
      regionName,
    ),
    countries: options(
      products.map((p) => p.country),
      countryName,
    ),
  };
}
