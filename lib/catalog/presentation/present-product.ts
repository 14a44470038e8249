// The owner's presentation laid over a product mapped from upstream (lib/catalog/map-service.ts):
// their words where they wrote some, else upstream's; a Chinese field left empty takes the
// owner's English before upstream's, since upstream writes in one language only.
import { slugify } from "@/lib/text/slug";
import type { Denomination, Product } from "../types";
import type { PresentationView } from "./read-presentation";

/** The product as the shop shows it; null when the owner (or the new-services setting) hides it. */
export function presentProduct(product: Product, view: PresentationView): Product | null {
  if (view.hidden(product.id)) return null;
  const entry = view.entry(product.id);
  const name = entry.name.en ?? product.name;
  const summary = entry.summary.en ?? product.description;
  // A range set in another currency than the service now settles in says nothing about it.
  const topUp = entry.topUp && entry.topUp.currency === product.currency && product.type === "balance" ? entry.topUp : null;
  return {
    ...product,
    slug: slugify(name),
    name,
    names: { en: name, zh: entry.name.zh ?? name },
    description: summary,
    summaries: { en: summary, zh: entry.summary.zh ?? summary },
    image: entry.image,
    featured: entry.featured,
    sortOrder: entry.sortOrder,
    minAmountMinor: topUp?.minMinor ?? product.minAmountMinor,
    maxAmountMinor: topUp?.maxMinor ?? product.maxAmountMinor,
    topUpPresetsMinor: topUp && topUp.presetsMinor.length > 0 ? topUp.presetsMinor : product.topUpPresetsMinor,
  };
}

/** The denominations the owner has not hidden. */
export function presentDenominations(productId: number, denominations: Denomination[], view: PresentationView): Denomination[] {
  return denominations.filter((d) => !view.hiddenVoucher(productId, d.voucherId));
}
