import { getCatalog } from "@/lib/catalog/get-catalog";
import { CatalogBrowser } from "@/app/_components/catalog/catalog-browser";
import { toCatalogRow } from "@/app/_components/catalog/catalog-row";
import { catalogFacets, priceCurrency, productBrand } from "@/app/_components/catalog/catalog-view";
import { StaleBanner } from "@/app/_components/layout/stale-banner";
import styles from "@/app/_components/catalog/catalog.module.css";

export default async function CatalogPage() {
  const snapshot = await getCatalog();
  const { products } = snapshot;
  const brands = new Set(products.map(productBrand)).size;

  return (
    <>
      <section className={styles.hero} aria-labelledby="catalog-title">
        <h1 id="catalog-title">Game vouchers and top-ups</h1>
        <p>{`Codes and direct top-ups for ${brands} ${brands === 1 ? "brand" : "brands"}, delivered in minutes.`}</p>
      </section>
      {snapshot.stale ? <StaleBanner /> : null}
      <CatalogBrowser
        rows={products.map((p) => toCatalogRow(p, snapshot))}
        facets={catalogFacets(products)}
        currency={priceCurrency(snapshot)}
      />
    </>
  );
}
