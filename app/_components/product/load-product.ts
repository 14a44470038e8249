import { notFound } from "next/navigation";
import { cache } from "react";
import { getProductDetail } from "@/lib/shop/get-product-detail";
import type { ProductDetail } from "@/lib/catalog/types";
import { markUnsellableDenominations, salesCeiling, pagesPaused } from "@/lib/shop/storefront-sales";
import { parseProductId } from "./product-href";

/**
 * The product of a URL's id segment, or the 404 page; once per request for page and metadata.
 * What the partner balance cannot cover, or everything while sales are paused, is shown as
 * temporarily unavailable (lib/shop/storefront-sales.ts).
 */
export const loadProduct = cache(async (idSegment: string): Promise<ProductDetail> => {
  const id = parseProductId(idSegment);
  const detail = id === null ? null : await getProductDetail(id);
  if (!detail) notFound();
  const [ceiling, paused] = await Promise.all([salesCeiling(), pagesPaused()]);
  return markUnsellableDenominations(detail, ceiling, paused);
});
