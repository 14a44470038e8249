// The catalogue pages' language. Next renders a page in parallel with its layouts, and the admin
// layouts read next-intl's request locale before any page could set it, so it resolves to the
// default language and stays cached for the request. The pages therefore take the language from
// the [locale] segment and pass it to every translation explicitly, and hand their forms the
// words they say in the browser in that language rather than the admin layout's provider's.
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import { messagesOf } from "@/lib/i18n/messages";

export async function catalogueLocale(params: Promise<{ locale?: string }>): Promise<Locale> {
  const { locale } = await params;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** The words catalogue-form.tsx says in the browser: field names, answers, the problem line. */
export function CatalogueWords({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { problem, fields, results } = messagesOf(locale).admin.catalogue;
  return (
    <NextIntlClientProvider locale={locale} timeZone="UTC" messages={{ admin: { catalogue: { problem, fields, results } } }}>
      {children}
    </NextIntlClientProvider>
  );
}
