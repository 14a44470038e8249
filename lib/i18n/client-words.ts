// The words the storefront's own client components speak (catalogue, product page, theme
// switch, error page, order pages), compiled on the server from the same ICU messages: the
// browser then needs only icu-minify's formatter (under 1 kB) instead of next-intl's client
// runtime with its ICU parser (about 10 kB gzip on every page, issue 17), and the server, which
// renders the order page on every view, builds no message format per request for them either.
// app/_components/i18n/client-words.tsx reads them; client-words.test.ts holds its output to
// next-intl's for every message here.
import compile from "icu-minify/compile";
import type { CompiledMessage } from "icu-minify/format";
import type { Locale } from "./locales";
import { messagesOf } from "./messages";

/**
 * The locale layout's, on every page of the storefront: the header's theme switch and the error
 * page. Each page's own client parts get their words from that page (catalogueWordsSource,
 * productWordsSource, the order pages'), so a page carries only its own in its payload.
 */
export function clientWordsSource(locale: Locale) {
  const { error, layout } = messagesOf(locale);
  return { error, layout: { theme: layout.theme } };
}

/** The catalogue's browser and cards (catalog-page.tsx), on the catalogue and search pages. */
export function catalogueWordsSource(locale: Locale) {
  const { catalog, place, delivery } = messagesOf(locale);
  return { catalog, place, delivery };
}

/** The product page's purchase panel and the steps it loads (purchase-panel.tsx and below); server-only words (redemption steps) stay out. */
export function productWordsSource(locale: Locale) {
  const { product, amount, check, summary, checkout, delivery, unavailable } = messagesOf(locale);
  return { product, amount, check, summary, checkout, delivery, unavailable };
}
export interface CompiledWords {
  [key: string]: CompiledMessage | CompiledWords;
}

/** The order page's client part (order-status.tsx, copy-button.tsx): the order's words but the page's own heading and notice, and the lookup form's. */
export function orderStatusWordsSource(locale: Locale) {
  const SERVER_ONLY = new Set(["title", "cannotShow", "lookup"]);
  return { order: Object.fromEntries(Object.entries(messagesOf(locale).order).filter(([key]) => !SERVER_ONLY.has(key))) };
}

/** "Find my orders" (order-links-form.tsx). */
export function orderLookupWordsSource(locale: Locale) {
  return { order: { lookup: messagesOf(locale).order.lookup } };
}

/** Which client components' words: the storefront's (the locale layout's), or one page's. */
export type WordSet = "storefront" | "catalogue" | "product" | "orderStatus" | "orderLookup";

const SOURCES: Record<WordSet, (locale: Locale) => object> = {
  storefront: clientWordsSource,
  catalogue: catalogueWordsSource,
  product: productWordsSource,
  orderStatus: orderStatusWordsSource,
  orderLookup: orderLookupWordsSource,
};

const compiled = new Map<string, CompiledWords>();

/** Compiled once per set, language and process: the messages never change while it runs. */
export function clientWords(locale: Locale, set: WordSet = "storefront"): CompiledWords {
  const key = `${set}:${locale}`;
  let words = compiled.get(key);
  if (!words) compiled.set(key, (words = compileAll(SOURCES[set](locale), "")));
  return words;
}

function compileAll(messages: object, path: string): CompiledWords {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]: [string, unknown]) => {
      // Through JSON: compile() builds plural options as null-prototype objects, which React
      // refuses to pass from a server component to a client one.
      if (typeof value === "string") return [key, JSON.parse(JSON.stringify(compile(value))) as CompiledMessage];
      if (typeof value === "object" && value !== null && !Array.isArray(value)) return [key, compileAll(value, `${path}${key}.`)];
      throw new Error(`message ${path}${key} is not a string: client components read strings only`);
    }),
  );
}
