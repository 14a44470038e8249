// The buyer's emails speak the buyer's language: their words come from the same messages as
// the pages (the "email" namespace). Server-only, like english.ts.
import { createTranslator } from "next-intl";
import { LOCALE_TAGS, type Locale } from "./locales";
import { messagesOf } from "./messages";

export type EmailWords = ReturnType<typeof createTranslator<ReturnType<typeof messagesOf>, "email">>;

const translators = new Map<Locale, EmailWords>();

export function emailWords(locale: Locale): EmailWords {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = createTranslator({ locale, messages: messagesOf(locale), namespace: "email" })));
  return t;
}

/** The tag Intl formats an email's amounts and dates in for `locale`. */
export function emailTag(locale: Locale): string {
  return LOCALE_TAGS[locale];
}
