import type { Metadata } from "next";
import { permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { env } from "@/lib/config/env";
import { publicOrigin } from "@/lib/config/shop-origin";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { localePath } from "@/lib/i18n/locale-path";
import type { ProductDetail } from "@/lib/catalog/types";
import { BrandArt } from "@/app/_components/brand/brand-art";
import { countryName, regionName } from "@/app/_components/i18n/words";
import { productBrand } from "@/app/_components/catalog/catalog-view";
import { StaleBanner } from "@/app/_components/layout/stale-banner";
import { DeliveryFacts } from "@/app/_components/product/delivery-facts";
import { LongDescription } from "@/app/_components/product/long-description";
import { loadProduct } from "@/app/_components/product/load-product";
import { ProductChips } from "@/app/_components/product/product-chips";
import { productHref } from "@/app/_components/product/product-href";
import { BotCheckProvider } from "@/app/_components/product/bot-check";
import { ClientWords } from "@/app/_components/i18n/client-words";
import { clientWords } from "@/lib/i18n/client-words";
import { languageAlternates } from "@/app/_components/seo/language-alternates";
import { productJsonLd, scriptJson } from "@/app/_components/seo/product-json-ld";
import { PurchasePanel } from "@/app/_components/product/purchase-panel";
import { botCheckWidget } from "@/lib/shop/fraud";
import { purchasePanelProps } from "@/app/_components/product/purchase-panel-props";
import { faceValueComparison } from "@/lib/shop/face-value-comparison";
import styles from "@/app/_components/product/product.module.css";

type Props = { params: Promise<{ locale: string; id: string; slug: string }> };

// Rendered on first request, then served from Next's cache and regenerated in the background
// (the catalogue's TTL): a product page costs no rendering and no upstream call per view.
export async function generateStaticParams(): Promise<{ id: string; slug: string }[]> {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  // Before loadProduct: its 404 renders not-found.tsx, whose words need the locale, and reading
  // it from the request would turn this static page dynamic.
  setRequestLocale(localeOf(locale));
  const { product } = await loadProduct(id);
  const t = await getTranslations({ locale: localeOf(locale), namespace: "meta" });
  const name = product.names[localeOf(locale)];
  const description = product.summaries[localeOf(locale)] ?? t("productDescription", { name });
  // Absolute URLs: a chat app or crawler reading og:image has no page to resolve them against.
  const url = productUrl(product, localeOf(locale));
  const image = { url: ogImageUrl(product), width: 1200, height: 630, alt: name };
  return {
    title: name,
    description,
    alternates: languageAlternates(productHref(product, "en"), localeOf(locale)),
    openGraph: { type: "website", siteName: "Voucher Storefront", title: name, description, url, images: [image] },
    twitter: { card: "summary_large_image", title: name, description, images: [image.url] },
  };
}

export default async function ProductPage({ params }: Props) {
  const { id, slug, locale: segment } = await params;
  const locale = localeOf(segment);
  setRequestLocale(locale);
  const t = await getTranslations();
  const [detail, comparison] = await Promise.all([loadProduct(id), faceValueComparison()]);
  const { product, denominations } = detail;
  if (slug !== product.slug) permanentRedirect(productHref(product, locale));
  const summary = product.summaries[locale];
  const longDescription = detail.longDescription?.[locale] ?? null;

  return (
    <>
      {/* A plain link, as the header's: next/link would add its client code to the page for one link home. */}
      <a href={localePath(locale, "/")} className={styles.back}>
        <span aria-hidden="true">←</span> {t("product.back")}
      </a>
      {detail.stale ? <StaleBanner /> : null}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(productJsonLd(detail, locale, productUrl(product, locale), ogImageUrl(product), productBrand(product))) }} />
      <div className={styles.layout}>
        <header className={styles.head}>
          <BrandArt brand={productBrand(product)} image={product.image} className={styles.hero} priority />
          <p className={styles.brandName}>{productBrand(product)}</p>
          <h1 className={styles.title}>{product.names[locale]}</h1>
          <ProductChips
            platform={product.platform}
            region={product.region && regionName(t, product.region)}
            country={product.country && countryName(locale, product.country)}
            balance={product.type === "balance"}
            words={{ anyAmount: t("place.anyAmount"), chipsLabel: t("place.chipsLabel") }}
          />
          {summary ? <p className={styles.description}>{summary}</p> : null}
        </header>
        {/* The purchase's words here rather than in the locale layout, so no other page carries them. */}
        <ClientWords locale={locale} messages={clientWords(locale, "product")}>
          <BotCheckProvider widget={botCheckWidget()}>
            <PurchasePanel {...purchasePanelProps(detail, comparison)} />
          </BotCheckProvider>
        </ClientWords>
        <section className={styles.details} aria-label={t("product.deliverySection")}>
          <DeliveryFacts product={product} denominations={denominations} />
        </section>
        {longDescription ? <LongDescription markdown={longDescription} imageHosts={env().SHOP_IMAGE_HOSTS} label={t("product.aboutSection")} /> : null}
      </div>
    </>
  );
}

function productUrl(product: Pick<ProductDetail["product"], "id" | "slug">, locale: Locale): string {
  return new URL(productHref(product, locale), publicOrigin()).toString();
}

/** One image for both languages: og-image is served under the English URL only. */
function ogImageUrl(product: Pick<ProductDetail["product"], "id" | "slug">): string {
  return `${productUrl(product, "en")}/og-image`;
}

/** The layout has already answered 404 for any other segment. */
function localeOf(segment: string): Locale {
  return isLocale(segment) ? segment : "en";
}
