// A balance top-up's amount as the buyer types it ("25" or "25.50", in the service's currency)
// and what it costs them: upstream charges the amount less our discount, and the store's
// pricing policy turns that cost into a retail price. Exact: strings to integer minor units.
import { currencyDigits, formatPrice } from "@/lib/catalog/format";
import { retailPrice, type PricingPolicy, type RetailPrice } from "@/lib/catalog/pricing";
import { applyDiscount } from "@/lib/money/minor-units";

export interface BalanceTerms {
  /** The currency the amount is typed in (the service's settlement currency). */
  currency: string;
  /** Our discount off the amount, percent (spec 2.3 discount_percent). */
  discountPercent: number;
  minMinor: number | null;
  maxMinor: number | null;
  policy: PricingPolicy;
}

export type AmountResult =
  | { ok: true; amountMinor: number; price: RetailPrice }
  | { ok: false; message: string };

export function parseAmount(text: string, terms: BalanceTerms): AmountResult {
  const digits = currencyDigits(terms.currency);
  const trimmed = text.trim().replace(",", ".");
  const pattern = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  if (trimmed === "") return { ok: false, message: "Enter an amount" };
  if (!pattern.test(trimmed)) {
    return { ok: false, message: digits === 0 ? "Enter a whole number" : `Enter a number with at most ${digits} decimals` };
  }
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const amountMinor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  const bound = (minor: number) => formatPrice({ minor, currency: terms.currency });
  if (amountMinor === 0) return { ok: false, message: "Enter an amount above zero" };
  if (terms.minMinor !== null && amountMinor < terms.minMinor) return { ok: false, message: `The smallest top-up is ${bound(terms.minMinor)}` };
  if (terms.maxMinor !== null && amountMinor > terms.maxMinor) return { ok: false, message: `The largest top-up is ${bound(terms.maxMinor)}` };

  const cost = applyDiscount(amountMinor, terms.discountPercent);
  const price = retailPrice(cost, terms.currency, terms.policy);
  if (!price.ok) return { ok: false, message: "This top-up cannot be priced right now" };
  return { ok: true, amountMinor, price: price.value };
}
