// /search?q=…&platform=…&sort=… (and "/" with a query, proxy.ts): the catalogue filtered on the
// server from the cached snapshot.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CatalogPage } from "@/app/_components/catalog/catalog-page";
import { filtersToQuery, parseFilters } from "@/app/_components/catalog/catalog-filters";
import { languageAlternates } from "@/app/_components/seo/language-alternates";
import { isLocale } from "@/lib/i18n/locales";

// Rendered per request: the query decides the HTML (the snapshot itself comes from the cache).
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: SearchParams }): Promise<Metadata> {
  const { locale } = await params;
  const filters = parseFilters(await searchParams);
  const t = await getTranslations("meta");
  return {
    title: filters.q ? t("searchFor", { query: filters.q }) : t("search"),
    alternates: languageAlternates(`/search${filtersToQuery(filters)}`, isLocale(locale) ? locale : "en"),
    // One catalogue, many searches: only the catalogue itself is for search engines.
    robots: { index: false, follow: true },
  };
}

export default async function Search({ searchParams }: { searchParams: SearchParams }) {
  return <CatalogPage search={filtersToQuery(parseFilters(await searchParams))} />;
}
