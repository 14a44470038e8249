// Each language has URLs of its own, because search engines index one language per URL and their
// crawlers send no language header: English, the default, at /…, Chinese under /zh/…. A page
// that links to another page of the shop links to it in its own language through here.
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The buyer's pages (`path` without a language), which have a URL per language; the admin keeps one. */
export function hasLanguageUrls(path: string): boolean {
  return path === "/" || path === "/search" || under(path, "/products") || under(path, "/orders");
}

/** The public path of a storefront page (`/`, `/products/7/x`, `/search?q=…`) in `locale`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  // "/zh", not "/zh/": Next redirects a trailing slash away.
  if (path === "/" || path.startsWith("/?")) return `/${locale}${path.slice(1)}`;
  return `/${locale}${path}`;
}

/** The language a public path names (null: none, the default's URL) and the page's path without it. */
export function splitLocalePath(path: string): { locale: Locale | null; rest: string } {
  const first = path.split("/")[1] ?? "";
  if (!isLocale(first) || first === DEFAULT_LOCALE) return { locale: null, rest: path };
  const rest = path.slice(first.length + 1);
  return { locale: first, rest: rest === "" ? "/" : rest };
}
