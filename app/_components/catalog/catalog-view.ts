// From the snapshot to what the catalogue page shows besides its items (catalog-row.ts): the
// options of each filter with words for the codes, and the currency of the prices.
import type { CatalogSnapshot, Product } from "@/lib/catalog/types";
import { LOCALE_TAGS, type Locale } from "@/lib/i18n/locales";
import { countryName, regionName, type Translator } from "../i18n/words";
import type { FacetOption, Facets } from "./catalog-items";

export function productBrand(product: Product): string {
  return product.brand || product.name;
}

/** The currency of the from-prices: every retail price is in the store currency (pricing.ts). */
export function priceCurrency(snapshot: CatalogSnapshot): string | null {
  return Object.values(snapshot.fromPrices)[0]?.currency ?? null;
}

/** Each filter's options, named and sorted in the page's language. */
export function catalogFacets(products: readonly Product[], t: Translator, locale: Locale): Facets {
  const options = (values: (string | null)[], label: (value: string) => string): FacetOption[] => {
    const distinct = [...new Set(values.filter((v): v is string => v !== null))];
    return distinct.map((value) => ({ value, label: label(value) })).sort((a, b) => a.label.localeCompare(b.label, LOCALE_TAGS[locale]));
  };
  return {
    platforms: options(
      products.map((p) => p.platform),
      (v) => v,
    ),
    regions: options(
      products.map((p) => p.region),
      (region) => regionName(t, region),
    ),
    countries: options(
      products.map((p) => p.country),
      (code) => countryName(locale, code),
    ),
  };
}
