// /sitemap/<n>.xml – every buyer's page in both languages (app/_components/seo/sitemap-entries.ts),
// split into as many files as the catalogue needs; robots.txt names them all.
import type { MetadataRoute } from "next";
import { sitemapCount, sitemapEntries } from "@/app/_components/seo/sitemap-entries";
import { publicOrigin } from "@/lib/config/shop-origin";
import { getCatalog } from "@/lib/shop/get-catalog";

// Made on request from the cached catalogue: at build there is no upstream to ask.
export const dynamic = "force-dynamic";

export async function generateSitemaps(): Promise<{ id: number }[]> {
  // Next asks this at build too, to prerender each file: nothing is, so nothing is asked.
  if (process.env.NEXT_PHASE === "phase-production-build") return [];
  const { products } = await getCatalog();
  return Array.from({ length: sitemapCount(products.length) }, (_, id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries((await getCatalog()).products, Number(await id), publicOrigin());
}
