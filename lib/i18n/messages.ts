// Every string a buyer reads, per language. en.json is the reference: zh.json must have the same
// keys (messages.test.ts), and the keys are typed from it (global.d.ts).
import en from "./messages/en.json";
import zh from "./messages/zh.json";
import type { Locale } from "./locales";

export type Messages = typeof en;

const MESSAGES: Record<Locale, Messages> = { en, zh };

export function messagesOf(locale: Locale): Messages {
  return MESSAGES[locale];
}

/**
 * What next-intl's client components need (the order page's and the admin's, whose layouts
 * provide them): their words only, carried in each such page's HTML, so server-only words
 * (metadata, 404, redemption steps, the demo banner) stay out. The catalogue and product pages'
 * client components read compiled words instead (client-words.ts).
 */
export function clientMessages(locale: Locale) {
  const { catalog, place, delivery, unavailable, product, amount, check, summary, checkout, order, error, layout } = messagesOf(locale);
  return { catalog, place, delivery, unavailable, product, amount, check, summary, checkout, order, error, layout: { theme: layout.theme } };
}
