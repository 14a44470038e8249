// The storefront's languages. English is the default and the language of the Partner API;
// Simplified Chinese because upstream gives every account field a label_zh: its resellers sell
// to Chinese-speaking buyers.
export const LOCALES = ["en", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie a buyer's own choice (the language switcher) is kept in; next-intl's name for it. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** What each language calls itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", zh: "简体中文" };

/** BCP 47 tags for Intl and <html lang>: zh is written in Simplified characters here. */
export const LOCALE_TAGS: Record<Locale, string> = { en: "en", zh: "zh-Hans" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
