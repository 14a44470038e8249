// Next.js cache tags of the catalogue, in one place so that readers and invalidators agree.
export const TAGS = {
  /** Everything read from the catalogue: the list and every product. */
  catalog: "catalog",
  /** The catalogue's list (catalogue page, search): what the owner's presentation of any product changes. */
  catalogList: "catalog-list",
  product: (id: number) => `product:${id}`,
  /** Everything that shows a price (catalogue, products): a save of the pricing rules expires it (lib/pricing/after-rules-saved.ts). */
  prices: "prices",
} as const;
