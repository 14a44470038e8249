import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { CatalogPage } from "@/app/_components/catalog/catalog-page";
import { languageAlternates } from "@/app/_components/seo/language-alternates";
import { isLocale } from "@/lib/i18n/locales";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  return { alternates: languageAlternates("/", isLocale(locale) ? locale : "en") };
}

export default async function Catalog({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (isLocale(locale)) setRequestLocale(locale);
  return <CatalogPage search="" />;
}
