import { notFound } from "next/navigation";
import { cache } from "react";
import { getProductDetail } from "@/lib/catalog/get-product-detail";
import type { ProductDetail } from "@/lib/catalog/types";
import { parseProductId } from "./product-href";

/** The product of a URL's id segment, or the 404 page; once per request for page and metadata. */
export const loadProduct = cache(async (idSegment: string): Promise<ProductDetail> => {
  const id = parseProductId(idSegment);
  const detail = id === null ? null : await getProductDetail(id);
  if (!detail) notFound();
  return detail;
});
