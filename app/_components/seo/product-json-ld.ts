// A product page's structured data (schema.org Product with one Offer per amount on sale), so
// search engines can show price and stock. Prices are the store currency's decimal string, from
// integer minor units (lib/money), never a float.
import type { ProductDetail } from "@/lib/catalog/types";
import type { Locale } from "@/lib/i18n/locales";
import { toDecimalString } from "@/lib/money";

export interface ProductJsonLd {
  "@context": "https://schema.org";
  "@type": "Product";
  name: string;
  description?: string;
  brand: { "@type": "Brand"; name: string };
  url: string;
  image?: string;
  offers: {
    "@type": "Offer";
    name: string;
    price: string;
    priceCurrency: string;
    availability: "https://schema.org/InStock" | "https://schema.org/OutOfStock";
    url: string;
  }[];
}

/** `url`: the page's absolute canonical URL; `image`: an absolute image URL for it. */
export function productJsonLd(detail: ProductDetail, locale: Locale, url: string, image: string, brand: string): ProductJsonLd {
  const { product } = detail;
  const description = product.summaries[locale];
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.names[locale],
    ...(description ? { description } : {}),
    brand: { "@type": "Brand", name: brand },
    url,
    image,
    // An amount without a price in the store currency is not offered at all.
    offers: detail.denominations.flatMap((d) =>
      d.price
        ? [
            {
              "@type": "Offer" as const,
              name: d.name,
              price: toDecimalString(d.price),
              priceCurrency: d.price.currency,
              availability: d.available && product.available ? ("https://schema.org/InStock" as const) : ("https://schema.org/OutOfStock" as const),
              url,
            },
          ]
        : [],
    ),
  };
}

/** The JSON for a <script> element: "<" escaped, so no name can close the script early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
