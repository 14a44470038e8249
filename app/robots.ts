// /robots.txt – search engines may read the buyer's pages in both languages; the admin, the
// demo's sandboxes, the API and the internal language segment (/en/…, served at /… instead)
// are not for them. Names every sitemap file (app/sitemap.ts).
import type { MetadataRoute } from "next";
import { sitemapCount } from "@/app/_components/seo/sitemap-entries";
import { publicOrigin } from "@/lib/config/shop-origin";
import { getCatalog } from "@/lib/shop/get-catalog";

export const dynamic = "force-dynamic";

export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = publicOrigin();
  // In a catalogue outage the first file, which always exists, is still named.
  const products = await getCatalog().then(
    (catalog) => catalog.products.length,
    () => 0,
  );
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/admin", "/zh/admin", "/en/", "/api/", "/sandbox", "/payments-sandbox"] },
    sitemap: Array.from({ length: sitemapCount(products) }, (_, id) => `${origin}/sitemap/${id}.xml`),
  };
}
