import { createTranslator } from "next-intl";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { catalogueWordsSource, clientWords, clientWordsSource, orderLookupWordsSource, orderStatusWordsSource, productWordsSource, type WordSet } from "@/lib/i18n/client-words";
import { LOCALES } from "@/lib/i18n/locales";
import { translator } from "./client-words";

/** Every message of the client words, by its dotted path. */
function paths(messages: object, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]: [string, unknown]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : paths(value as object, `${prefix}${key}.`),
  );
}

/** Values for a message's arguments: each plural count in several forms, a word for the rest, a tag for each tag. */
function valueSets(message: string): Record<string, unknown>[] {
  const plurals = [...message.matchAll(/\{(\w+),\s*plural/g)].map((m) => m[1]!);
  const simple = [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const tags = [...message.matchAll(/<(\w+)>/g)].map((m) => m[1]!);
  const base: Record<string, unknown> = {};
  for (const name of simple) base[name] = `«${name}»`;
  for (const name of tags) base[name] = (chunks: ReactNode) => createElement("b", { "data-tag": name }, chunks);
  return [0, 1, 2, 1234].map((count) => ({ ...base, ...Object.fromEntries(plurals.map((name) => [name, count])) }));
}

describe("the client components' words, compiled on the server and formatted in the browser", () => {
  const sets: [WordSet, (locale: (typeof LOCALES)[number]) => object, number][] = [
    ["storefront", clientWordsSource, 5],
    ["catalogue", catalogueWordsSource, 30],
    ["product", productWordsSource, 80],
    ["orderStatus", orderStatusWordsSource, 60],
    ["orderLookup", orderLookupWordsSource, 5],
  ];
  for (const locale of LOCALES) for (const [set, sourceOf, least] of sets) {
    it(`say in ${locale} exactly what next-intl says, for every message and value (${set})`, () => {
      const source = sourceOf(locale);
      const theirs = createTranslator({ locale, messages: source, timeZone: "UTC" });
      const ours = translator(locale, clientWords(locale, set));
      const all = paths(source);
      expect(all.length).toBeGreaterThan(least);
      for (const [path, message] of all) {
        for (const values of valueSets(message)) {
          const expected = renderToStaticMarkup(createElement("p", null, theirs.rich(path as never, values as never)));
          expect(renderToStaticMarkup(createElement("p", null, ours.rich(path, values as never))), `${locale} ${path}`).toBe(expected);
          if (!/<\w+>/.test(message)) expect(ours(path, values as never), `${locale} ${path}`).toBe(theirs(path as never, values as never));
        }
      }
    });
  }

  it("reads a namespace as useTranslations(namespace) does, and says whether a message exists", () => {
    const catalog = translator("en", clientWords("en", "catalogue"), "catalog");
    expect(catalog("count", { count: 1 })).toBe("1 product");
    expect(catalog.has("count")).toBe(true);
    expect(catalog.has("nothing")).toBe(false);
    expect(catalog("nothing")).toBe("catalog.nothing");
  });

  it("are plain objects all through, as React passes them to a client component", () => {
    const plain = (value: unknown): boolean =>
      typeof value !== "object" || value === null || ((Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) && Object.values(value).every(plain));
    for (const locale of LOCALES) for (const [set] of sets) expect(plain(clientWords(locale, set))).toBe(true);
  });

  it("leave server-only words and other pages' words out of the page", () => {
    const product = JSON.stringify(clientWords("en", "product"));
    expect(product).toContain("Continue to checkout");
    expect(product).not.toContain("Demo shop");
    expect(product).not.toContain("Open Nintendo eShop");
    // Every page carries the layout's words; the catalogue's and the product page's only their own.
    const layout = JSON.stringify(clientWords("en"));
    expect(layout).toContain("Try again");
    expect(layout).not.toContain("Continue to checkout");
    expect(layout).not.toContain("Nothing matches your search");
    expect(JSON.stringify(clientWords("en", "catalogue"))).not.toContain("Continue to checkout");
    expect(product).not.toContain("Nothing matches your search");
    // The order page's heading and notice are its server's; the lookup form's words are another page's.
    const status = JSON.stringify(clientWords("en", "orderStatus"));
    expect(status).toContain("Copy code");
    expect(status).not.toContain("cannot be shown right now");
    expect(status).not.toContain("Email me");
    expect(JSON.stringify(clientWords("en", "orderLookup"))).not.toContain("Copy code");
  });
});
