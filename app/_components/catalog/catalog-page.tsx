// The catalogue as both pages render it: the static "/" with no search, and the server-rendered
// "/search" with the one in the URL, so a shared search arrives already filtered (no jump when
// scripts load) and works with scripts off. Both read the same cached snapshot.
import { getLocale, getTranslations } from "next-intl/server";
import { getCatalog } from "@/lib/shop/get-catalog";
import { readSales } from "@/lib/catalog/popularity";
import { getKv } from "@/lib/kv/get-kv";
import { clientWords } from "@/lib/i18n/client-words";
import { markUnsellableProducts, salesCeiling, pagesPaused } from "@/lib/shop/storefront-sales";
import { ClientWords } from "../i18n/client-words";
import { StaleBanner } from "../layout/stale-banner";
import { CatalogBrowser } from "./catalog-browser";
import { toCatalogRow, type ProductRank } from "./catalog-row";
import { catalogFacets, priceCurrency, productBrand } from "./catalog-view";
import styles from "./catalog.module.css";

/** Sales from KV (featured and sort order come with the products); without KV, no sales (a hint, not a fact). */
async function productRank(): Promise<ProductRank> {
  try {
    return { sales: await readSales(await getKv()) };
  } catch (error) {
    console.warn(`[catalog] sales not read, "Recommended" ranks without them: ${String(error)}`);
    return { sales: new Map() };
  }
}

export async function CatalogPage({ search }: { search: string }) {
  const [cached, rank, t, locale, ceiling, paused] = await Promise.all([getCatalog(), productRank(), getTranslations(), getLocale(), salesCeiling(), pagesPaused()]);
  // With no balance left to sell from, or sales paused, every product says so (lib/operations).
  const snapshot = markUnsellableProducts(cached, ceiling, paused);
  const { products } = snapshot;
  const brands = new Set(products.map(productBrand)).size;

  return (
    <>
      <section className={styles.hero} aria-labelledby="catalog-title">
        <h1 id="catalog-title">{t("catalog.title")}</h1>
        <p>{t("catalog.subtitle", { brands })}</p>
      </section>
      {snapshot.stale ? <StaleBanner /> : null}
      {/* The catalogue's words here rather than in the locale layout, so no other page carries them. */}
      <ClientWords locale={locale} messages={clientWords(locale, "catalogue")}>
        <CatalogBrowser
          rows={products.map((p) => toCatalogRow(p, snapshot, rank, t, locale))}
          facets={catalogFacets(products, t, locale)}
          currency={priceCurrency(snapshot)}
          serverSearch={search}
        />
      </ClientWords>
    </>
  );
}
