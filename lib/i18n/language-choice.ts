// POST /api/language (the header's language switch): keeps the buyer's choice in a cookie and
// sends them back to the page they were on. Pure of Next, so the rules are tested directly.
import { err, ok, type Result } from "@/lib/result";
import { isLocale, LOCALES, type Locale } from "./locales";

export interface LanguageChoice {
  locale: Locale;
  /** A path on this shop: the page the switch was pressed on, else the catalogue. */
  back: string;
}

/**
 * `form` is the posted form; `referer` is the page it came from and `host` the host the browser
 * reached us at (behind a proxy, its forwarded host), so that only a page of ours is gone back to.
 */
export function readLanguageChoice(form: FormData | null, referer: string | null, host: string | null): Result<LanguageChoice, string> {
  const locale = form?.get("locale");
  if (!isLocale(locale)) return err(`locale must be one of ${LOCALES.join(", ")}`);
  return ok({ locale, back: samePageOrHome(referer, host) });
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
