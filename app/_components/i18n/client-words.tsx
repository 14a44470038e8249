"use client";
// The storefront's client components speak through this rather than next-intl's client hooks:
// the messages arrive compiled (lib/i18n/client-words.ts) and icu-minify's formatter (under
// 1 kB) puts values into them, where next-intl's client runtime would bring its ICU parser to
// every page (about 10 kB gzip, issue 17). Same keys, same values, same output as
// useTranslations and useLocale (lib/i18n/client-words.test.ts); server components keep next-intl.
import format, { type FormatValues } from "icu-minify/format";
import { createContext, createElement, Fragment, use, type ReactNode } from "react";
import type { useTranslations } from "next-intl";
import type { CompiledWords } from "@/lib/i18n/client-words";
import type { Locale } from "@/lib/i18n/locales";

interface Words {
  locale: Locale;
  messages: CompiledWords;
}

const WordsContext = createContext<Words | null>(null);

export function ClientWords({ locale, messages, children }: Words & { children: ReactNode }) {
  return <WordsContext value={{ locale, messages }}>{children}</WordsContext>;
}

function useWordsContext(): Words {
  const words = use(WordsContext);
  if (!words) throw new Error("a client component spoke outside <ClientWords> (app/[locale]/layout.tsx)");
  return words;
}

/** The page's language, as next-intl's useLocale() gives it. */
export function useClientLocale(): Locale {
  return useWordsContext().locale;
}

/** As next-intl's useTranslations(namespace), over the compiled client words. */
export const useClientWords = ((namespace?: string) => {
  const { locale, messages } = useWordsContext();
  return translator(locale, messages, namespace);
}) as typeof useTranslations;

// Intl objects are costly to build and every catalogue card formats on each filter keystroke.
const intlCache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>(kind: string, args: unknown[], make: () => T): T {
  const key = `${kind}:${JSON.stringify(args)}`;
  let value = intlCache.get(key) as T | undefined;
  if (!value) intlCache.set(key, (value = make()));
  return value;
}
const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => cached("date", args, () => new Intl.DateTimeFormat(...args)),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => cached("number", args, () => new Intl.NumberFormat(...args)),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => cached("plural", args, () => new Intl.PluralRules(...args)),
};

/** A translator over compiled words; exported for its test against next-intl's. */
export function translator(locale: Locale, messages: CompiledWords, namespace?: string) {
  const lookup = (key: string) => {
    const path = namespace ? `${namespace}.${key}` : key;
    let node: CompiledWords[string] | undefined = messages;
    for (const part of path.split(".")) node = isWords(node) ? node[part] : undefined;
    return { path, message: isWords(node) ? undefined : node };
  };
  const run = (key: string, values?: FormatValues<ReactNode>) => {
    const { path, message } = lookup(key);
    // next-intl's answer to a missing message in production: its path, so the page still renders.
    if (message === undefined) return path;
    return format<ReactNode>(message, locale, values, { formatters, timeZone: "UTC" });
  };
  const t = (key: string, values?: FormatValues<ReactNode>) => {
    const out = run(key, values);
    return Array.isArray(out) ? out.join("") : String(out);
  };
  t.rich = (key: string, values?: FormatValues<ReactNode>): ReactNode => {
    const out = run(key, values);
    // As children, not an array: React wants no keys then.
    return Array.isArray(out) ? createElement(Fragment, null, ...out) : out;
  };
  t.has = (key: string) => lookup(key).message !== undefined;
  return t;
}

function isWords(node: unknown): node is CompiledWords {
  return typeof node === "object" && node !== null && !Array.isArray(node);
}
