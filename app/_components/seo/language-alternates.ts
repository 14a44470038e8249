// A buyer's page's canonical URL and its other languages (hreflang), as absolute URLs: search
// engines index each language at its own URL (lib/i18n/locale-path.ts) and learn from these
// that the two are one page in two languages. x-default is the English URL, which sends a
// visitor whose language is Chinese on to /zh (proxy.ts).
import type { Metadata } from "next";
import { publicOrigin } from "@/lib/config/shop-origin";
import { localePath } from "@/lib/i18n/locale-path";
import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale } from "@/lib/i18n/locales";

/** `path`: the page without a language (`/`, `/products/7/x`, `/search?q=…`). */
export function languageAlternates(path: string, locale: Locale, origin: string = publicOrigin()): NonNullable<Metadata["alternates"]> {
  const at = (l: Locale) => new URL(localePath(l, path), origin).toString();
  return {
    canonical: at(locale),
    languages: { ...Object.fromEntries(LOCALES.map((l) => [LOCALE_TAGS[l], at(l)])), "x-default": at(DEFAULT_LOCALE) },
  };
}
