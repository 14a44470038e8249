// Money in words a buyer reads, by Intl. The amount goes in as decimal text (ES2023), so a
// formatted price is never rounded through a float.
import { toDecimalString } from "./decimal";
import type { Money } from "./money";

/** Made once per language and currency: building an Intl formatter costs more than using it many times. */
const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { style: "currency", currency })));
  return format;
}

/** { minor: 1999, currency: "USD" } → "$19.99"; { minor: 1650, currency: "JPY" } → "¥1,650". */
export function formatMoney(money: Money, locale = "en"): string {
  return currencyFormat(locale, money.currency).format(toDecimalString(money));
}

/** The sign formatMoney writes for a currency ("$", "¥", "KWD"), for an amount field's prefix. */
export function currencySymbol(currency: string, locale = "en"): string {
  const parts = currencyFormat(locale, currency).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}
