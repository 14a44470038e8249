import { setRequestLocale } from "next-intl/server";
import { CatalogPage } from "@/app/_components/catalog/catalog-page";
import { isLocale } from "@/lib/i18n/locales";

export default async function Catalog({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (isLocale(locale)) setRequestLocale(locale);
  return <CatalogPage search="" />;
}
