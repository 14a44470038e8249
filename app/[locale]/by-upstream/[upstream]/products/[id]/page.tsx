import { permanentRedirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale } from "@/lib/i18n/locales";
import { loadProduct } from "@/app/_components/product/load-product";
import { productHref } from "@/app/_components/product/product-href";

// /products/<id> – the short form links may use; the canonical URL carries the slug.
export default async function ProductByIdPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { id, locale } = await params;
  // An unknown id is a 404 page in the visitor's language.
  if (isLocale(locale)) setRequestLocale(locale);
  permanentRedirect(productHref((await loadProduct(id)).product, isLocale(locale) ? locale : "en"));
}
