// One catalogue card, rendered from the page's compact item data: on the server into the static
// HTML, and in the browser when the filters change. It has no class names: catalog.module.css
// styles it through its structure, so that nothing repeats on every card of the page.
import { useClientLocale, useClientWords } from "../i18n/client-words";
import { BrandArt } from "../brand/brand-art";
import { useMoney } from "../i18n/use-money";
import { typicalDeliveryInWords } from "../i18n/words";
import { ProductChips } from "../product/product-chips";
import { productHref } from "../product/product-href";
import type { CatalogItem, PlaceNames } from "./catalog-items";

interface ProductCardProps {
  item: CatalogItem;
  names: PlaceNames;
  /** The currency of every from-price (retail prices are all in the store currency). */
  currency: string | null;
}

export function ProductCard({ item, names, currency }: ProductCardProps) {
  const t = useClientWords();
  const locale = useClientLocale();
  return (
    <li data-unavailable={item.unavailable === null ? undefined : ""}>
      <BrandArt brand={item.brand} />
      <div>
        <p>{item.brand}</p>
        <h2>
          {/* A plain link: next/link would prefetch every product on the page from the server. */}
          <a href={productHref(item, locale)}>{item.name}</a>
        </h2>
        <ProductChips
          platform={item.platform}
          region={item.region && names.regions.get(item.region)}
          country={item.country && names.countries.get(item.country)}
          balance={item.balance}
          words={{ anyAmount: t("place.anyAmount"), chipsLabel: t("place.chipsLabel") }}
        />
        <div>
          <p>{item.unavailable ?? <FromPrice item={item} currency={currency} />}</p>
          <p>
            <span className="visually-hidden">{`${t("catalog.deliveryLabel")} `}</span>
            {typicalDeliveryInWords(t, locale, item.deliveryMinutes)}
          </p>
        </div>
      </div>
    </li>
  );
}

function FromPrice({ item, currency }: Pick<ProductCardProps, "item" | "currency">) {
  const t = useClientWords("catalog");
  const money = useMoney();
  if (item.fromMinor !== null && currency) {
    // One text node after the label, so React writes no <!-- --> separator into the HTML.
    return (
      <>
        <span>{t("from")}</span>
        {` ${money.format({ minor: item.fromMinor, currency })}`}
      </>
    );
  }
  return item.balance ? t("chooseAmount") : null;
}
