// POST /api/language (the header's language switch): keeps the buyer's choice in a cookie and
// sends them back to the page they were on, at its URL in the chosen language (locale-path.ts).
// Pure of Next, so the rules are tested directly.
import { err, ok, type Result } from "@/lib/result";
import { hasLanguageUrls, localePath, splitLocalePath } from "./locale-path";
import { isLocale, LOCALES, type Locale } from "./locales";

export interface LanguageChoice {
  locale: Locale;
  /** A path on this shop: the page the switch was pressed on in the chosen language, else the catalogue. */
  back: string;
}

/**
 * `form` is the posted form; `referer` is the page it came from and `host` the host the browser
 * reached us at (behind a proxy, its forwarded host), so that only a page of ours is gone back to.
 */
export function readLanguageChoice(form: FormData | null, referer: string | null, host: string | null): Result<LanguageChoice, string> {
  const locale = form?.get("locale");
  if (!isLocale(locale)) return err(`locale must be one of ${LOCALES.join(", ")}`);
  return ok({ locale, back: inLanguage(samePageOrHome(referer, host), locale) });
}

/**
 * A buyer's page at its URL in `locale`; any other page (the admin, a 404) at its one URL
 * without a language, which the cookie now renders in the chosen one.
 */
function inLanguage(pathAndQuery: string, locale: Locale): string {
  const queryAt = pathAndQuery.indexOf("?");
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = queryAt === -1 ? "" : pathAndQuery.slice(queryAt);
  const { rest } = splitLocalePath(path);
  return `${hasLanguageUrls(rest) ? localePath(locale, rest) : rest}${query}`;
}

/** Only a page of this shop: a switch must never become a redirect to somewhere else. */
function samePageOrHome(referer: string | null, host: string | null): string {
  if (!referer || !host) return "/";
  try {
    const url = new URL(referer);
    return url.host === host ? `${url.pathname}${url.search}` : "/";
  } catch {
    return "/";
  }
}
