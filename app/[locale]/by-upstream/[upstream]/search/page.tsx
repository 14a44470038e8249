// /search?q=…&platform=…&sort=… (and "/" with a query, proxy.ts): the catalogue filtered on the
// server from the cached snapshot.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CatalogPage } from "@/app/_components/catalog/catalog-page";
import { filtersToQuery, parseFilters } from "@/app/_components/catalog/catalog-filters";

// Rendered per request: the query decides the HTML (the snapshot itself comes from the cache).
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { q } = parseFilters(await searchParams);
  const t = await getTranslations("meta");
  return {
    title: q ? t("searchFor", { query: q }) : t("search"),
    // One catalogue, many searches: only the catalogue itself is for search engines.
    robots: { index: false, follow: true },
  };
}

export default async function Search({ searchParams }: { searchParams: SearchParams }) {
  return <CatalogPage search={filtersToQuery(parseFilters(await searchParams))} />;
}
