import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { isLocale, LOCALE_TAGS, LOCALES } from "@/lib/i18n/locales";
import { clientWords } from "@/lib/i18n/client-words";
import { ClientWords } from "../_components/i18n/client-words";
import { DemoBanner } from "../_components/layout/demo-banner";
import { SalesPausedBanner } from "../_components/layout/sales-paused-banner";
import { SiteFooter } from "../_components/layout/site-footer";
import { SiteHeader } from "../_components/layout/site-header";
import { MAIN_ID, SkipLink } from "../_components/layout/skip-link";
import { ThemeScript } from "../_components/layout/theme-script";
import "../globals.css";

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

// Each language is a static page of its own; a segment that is no language of ours is a 404
// (below: dynamicParams = false here would also hold for the segments under it).
export function generateStaticParams(): { locale: string }[] {
  return LOCALES.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "meta" });
  return { title: { default: t("title"), template: t("template") }, description: t("description") };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f5f6fa" },
    { media: "(prefers-color-scheme: dark)", color: "#0c0e15" },
  ],
};

// No request data (cookies, headers) is read here: every page stays static and is served from
// Next's cache, per language (the segment), and the per-visitor theme is applied in the
// browser. The demo banner depends on the mode only, which is part of the upstream's fingerprint
// every cached page is kept under (app/[locale]/by-upstream/[upstream]/layout.tsx).
export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return (
    // The pre-paint script may set data-theme before React hydrates.
    <html lang={LOCALE_TAGS[locale]} suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body>
        {/* Not NextIntlClientProvider, whose client runtime and ICU parser (about 10 kB gzip) every page would load (issue 17). */}
        <ClientWords locale={locale} messages={clientWords(locale)}>
          <SkipLink />
          <DemoBanner />
          <SalesPausedBanner />
          <SiteHeader />
          <main id={MAIN_ID} tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
        </ClientWords>
      </body>
    </html>
  );
}
