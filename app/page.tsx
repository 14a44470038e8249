import { getCatalog } from "@/lib/catalog/get-catalog";
import { CatalogBrowser } from "./_components/catalog/catalog-browser";
import { catalogFacets, productBrand, toCatalogItem } from "./_components/catalog/catalog-view";
import { ProductCard } from "./_components/catalog/product-card";
import { StaleBanner } from "./_components/layout/stale-banner";
import styles from "./_components/catalog/catalog.module.css";

export default async function CatalogPage() {
  const snapshot = await getCatalog();
  const { products } = snapshot;
  const brands = new Set(products.map(productBrand)).size;
  const cards = Object.fromEntries(
    products.map((product) => [product.id, <ProductCard key={product.id} product={product} fromPrice={snapshot.fromPrices[product.id]} />]),
  );

  return (
    <>
      <section className={styles.hero} aria-labelledby="catalog-title">
        <h1 id="catalog-title">Game vouchers and top-ups</h1>
        <p>
          Codes and direct top-ups for {brands} {brands === 1 ? "brand" : "brands"}, delivered in minutes.
        </p>
      </section>
      {snapshot.stale ? <StaleBanner /> : null}
      <CatalogBrowser items={products.map((p) => toCatalogItem(p, snapshot))} cards={cards} facets={catalogFacets(products)} />
    </>
  );
}
