// Product URLs: /products/<id>/<slug>, under /zh in Chinese (lib/i18n/locale-path.ts). The id
// finds the product; the slug is for people and search engines, and a wrong or missing one
// redirects to the canonical URL.
import type { Product } from "@/lib/catalog/types";
import { localePath } from "@/lib/i18n/locale-path";
import type { Locale } from "@/lib/i18n/locales";

export function productHref(product: Pick<Product, "id" | "slug">, locale: Locale): string {
  return localePath(locale, `/products/${product.id}/${product.slug}`);
}

/** The id segment as a product id, or null when it cannot be one. */
export function parseProductId(segment: string): number | null {
  if (!/^[1-9]\d{0,14}$/.test(segment)) return null;
  return Number(segment);
}
