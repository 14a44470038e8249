// next-intl's request configuration: the locale comes from the [locale] segment proxy.ts
// rewrites every page to (lib/shop/route-decision.ts), so each language is its own static page.
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "./locales";
import { messagesOf } from "./messages";

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return { locale, messages: messagesOf(locale), timeZone: "UTC" };
});
