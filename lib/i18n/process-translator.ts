// A translator per language kept for the process, for server components of a page rendered on
// every view (the order page's layout and redemption steps). next-intl's getTranslations and
// useTranslations keep the message formats they build in a cache that lives for one request, so
// each view of such a page parsed every message it formats with a value again and resolved its
// locale (IntlMessageFormat); this translator's cache lives as long as it does. Same messages,
// same library, same output: only the cache's lifetime differs.
import { createTranslator } from "next-intl";
import type { Locale } from "./locales";
import { messagesOf } from "./messages";

function translatorOf(locale: Locale) {
  return createTranslator({ locale, messages: messagesOf(locale), timeZone: "UTC" });
}

const translators = new Map<Locale, ReturnType<typeof translatorOf>>();

export function processTranslator(locale: Locale): ReturnType<typeof translatorOf> {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = translatorOf(locale)));
  return t;
}
