// Money in the page's language: "$5.39" in English, "US$5.39" in Chinese, where "$" alone and
// "¥" would be read as other currencies. A hook, for client and (non-async) server components.
import { useClientLocale } from "./client-words";
import { LOCALE_TAGS } from "@/lib/i18n/locales";
import { currencySymbol, formatMoney } from "@/lib/money/format-money";
import type { Money } from "@/lib/money/money";

export function useMoney(): { format: (money: Money) => string; symbol: (currency: string) => string } {
  const tag = LOCALE_TAGS[useClientLocale()];
  return { format: (money) => formatMoney(money, tag), symbol: (currency) => currencySymbol(currency, tag) };
}
