// Next.js cache tags of the catalogue, in one place so that readers and invalidators agree.
export const TAGS = {
  catalog: "catalog",
  product: (id: number) => `product:${id}`,
} as const;
