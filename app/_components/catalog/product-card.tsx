import Link from "next/link";
import { formatPrice, typicalDeliveryInWords, unavailableInWords } from "@/lib/catalog/format";
import type { RetailPrice } from "@/lib/catalog/pricing";
import type { Product } from "@/lib/catalog/types";
import { BrandArt } from "../brand/brand-art";
import { ProductChips } from "../product/product-chips";
import { productHref } from "../product/product-href";
import { productBrand } from "./catalog-view";
import styles from "./catalog.module.css";

export function ProductCard({ product, fromPrice }: { product: Product; fromPrice: RetailPrice | undefined }) {
  const brand = productBrand(product);
  return (
    <article className={styles.card} data-unavailable={product.available ? undefined : ""}>
      <BrandArt brand={brand} className={styles.art} />
      <div className={styles.cardBody}>
        <p className={styles.brandName}>{brand}</p>
        <h2 className={styles.cardTitle}>
          <Link href={productHref(product)} className={styles.cardLink}>
            {product.name}
          </Link>
        </h2>
        <ProductChips product={product} />
        <div className={styles.cardFoot}>
          {product.available ? (
            <p className={styles.price}>
              {fromPrice ? (
                <>
                  <span className={styles.from}>from</span> {formatPrice(fromPrice)}
                </>
              ) : product.type === "balance" ? (
                "Choose your amount"
              ) : null}
            </p>
          ) : (
            <p className={styles.unavailable}>{unavailableInWords(product.unavailableReason)}</p>
          )}
          <p className={styles.delivery}>
            <span className="visually-hidden">Delivery: </span>
            {typicalDeliveryInWords(product.deliveryTargetMinutes)}
          </p>
        </div>
      </div>
    </article>
  );
}
