// Next's cache tags, in one place so that readers and invalidators agree, and the one way to
// expire them. From a server action, updateTag also lets the owner's own next render read the
// write; a route handler may not call it and expires the tags with revalidateTag at once instead
// (not "max", which would serve the old page once more).
import { revalidateTag, updateTag } from "next/cache";

export const TAGS = {
  /** Everything read from the catalogue: the list and every product. */
  catalog: "catalog",
  /** The catalogue's list (catalogue page, search): what the owner's presentation of any product changes. */
  catalogList: "catalog-list",
  product: (id: number) => `product:${id}`,
  /** Everything that shows a price (catalogue, products): a save of the pricing rules expires it. */
  prices: "prices",
  /** The sale ceiling (lib/operations/sales-ceiling.ts), read by the product and catalogue pages. */
  salesCeiling: "ops-guard",
  /** The owner's face-value comparison, read by the product pages. */
  faceValueComparison: "face-value-comparison",
  /** The pause switch, read by every storefront page's layout. */
  salesPause: "ops-pause",
} as const;

/** Where the caller runs: updateTag is allowed only in a server action. */
export type ExpiryFrom = "server-action" | "route-handler";

export function expireTags(tags: Iterable<string>, from: ExpiryFrom): void {
  for (const tag of tags) {
    if (from === "server-action") updateTag(tag);
    else revalidateTag(tag, { expire: 0 });
  }
}
