// The words the storefront's own client components speak (catalogue, product page, theme
// switch, error page), compiled on the server from the same ICU messages: the browser then needs
// only icu-minify's formatter (under 1 kB) instead of next-intl's client runtime with its ICU
// parser (about 10 kB gzip on every page, issue 17). app/_components/i18n/client-words.tsx
// reads them; client-words.test.ts holds its output to next-intl's for every message here.
import compile from "icu-minify/compile";
import type { CompiledMessage } from "icu-minify/format";
import type { Locale } from "./locales";
import { messagesOf } from "./messages";

/** What the client components read; server-only words (metadata, redemption steps, the demo banner) stay out. */
export function clientWordsSource(locale: Locale) {
  const { catalog, place, delivery, unavailable, product, amount, check, summary, checkout, error, layout } = messagesOf(locale);
  return { catalog, place, delivery, unavailable, product, amount, check, summary, checkout, error, layout: { theme: layout.theme } };
}
export interface CompiledWords {
  [key: string]: CompiledMessage | CompiledWords;
}

const compiled = new Map<Locale, CompiledWords>();

/** Compiled once per language and process: the pages that carry them are static. */
export function clientWords(locale: Locale): CompiledWords {
  let words = compiled.get(locale);
  if (!words) compiled.set(locale, (words = compileAll(clientWordsSource(locale), "")));
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
