// The language of an admin page or layout, from its [locale] segment. next-intl reads the request
// locale once per request (React's cache) and, set by nobody, falls back to the default language;
// and Next renders each layout and page on its own (a navigation may render the page without its
// layouts), so every admin layout and page sets it before it says anything. adminPage and
// publicAdminPage do it for every page; the admin layouts call it themselves.
import { setRequestLocale } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";

/** What Next passes every page and layout under app/[locale]. */
type SegmentProps = { params?: Promise<{ locale?: string }> } | undefined;

export async function setSegmentLocale(props: unknown): Promise<Locale> {
  const params = await (props as SegmentProps)?.params;
  const locale = isLocale(params?.locale) ? params.locale : DEFAULT_LOCALE;
  setRequestLocale(locale);
  return locale;
}
