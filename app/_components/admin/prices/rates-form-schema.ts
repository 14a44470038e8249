// The exchange rates as the price editor's form sends them: one input per upstream currency
// (empty: remove the rate, so that currency is no longer sold), a "checked today" box per rate
// (set again without a change, so an old but right rate stops being flagged), and one pair to add
// a currency. The same schema runs in the browser and the server action; problems are keys of
// the admin.prices.problems messages.
import { z } from "zod";
import { isKnownCurrency } from "@/lib/money/currency";
import type { Rate } from "@/lib/pricing/rule-set";
import { isPlainDecimal, scaledDecimal } from "@/lib/pricing/scaled-decimal";

export const rateField = (currency: string) => `rate.${currency}`;
export const checkedField = (currency: string) => `checked.${currency}`;
const RATE_FIELD = /^rate\.([A-Z]{3})$/;

export interface RatesForm {
  /** The store currency as the page said it: a rate is per unit of another currency. */
  storeCurrency: string;
  /** Each listed currency's rate as typed, or null to remove it. */
  rates: Record<string, string | null>;
  /** Listed currencies whose rate the owner confirmed as still right. */
  checked: string[];
}

const text = z.string().optional().transform((value) => (value ?? "").trim());

function isRate(typed: string): boolean {
  return isPlainDecimal(typed) && scaledDecimal(typed) > 0n;
}

export const ratesFormSchema = z
  .looseObject({ storeCurrency: z.string().regex(/^[A-Z]{3}$/, { error: "currency" }), newCurrency: text, newRate: text })
  .transform((form, ctx): RatesForm => {
    const fail = (field: string, problem: string) => {
      ctx.addIssue({ code: "custom", path: [field], message: problem });
      return z.NEVER;
    };
    const rates: Record<string, string | null> = {};
    const checked: string[] = [];
    for (const [name, value] of Object.entries(form)) {
      const currency = RATE_FIELD.exec(name)?.[1];
      if (!currency) continue;
      const typed = String(value).trim().replace(",", ".");
      if (typed !== "" && !isRate(typed)) return fail(name, "rate");
      rates[currency] = typed === "" ? null : typed;
      if (typed !== "" && form[checkedField(currency)] !== undefined) checked.push(currency);
    }
    const added = form.newCurrency.toUpperCase();
    const addedRate = form.newRate.replace(",", ".");
    if (added === "" && addedRate === "") return { storeCurrency: form.storeCurrency, rates, checked };
    if (!/^[A-Z]{3}$/.test(added) || !isKnownCurrency(added)) return fail("newCurrency", "currency");
    if (added === form.storeCurrency) return fail("newCurrency", "storeCurrency");
    if (added in rates) return fail("newCurrency", "listedCurrency");
    if (!isRate(addedRate)) return fail("newRate", "rate");
    rates[added] = addedRate;
    return { storeCurrency: form.storeCurrency, rates, checked };
  });

/** The rates after the form: a changed, added or confirmed rate is stamped now, the rest keep when they were set. */
export function applyRatesForm(current: Readonly<Record<string, Rate>>, form: RatesForm, now: number): Record<string, Rate> {
  const next: Record<string, Rate> = {};
  for (const [currency, typed] of Object.entries(form.rates)) {
    if (typed === null) continue;
    const before = current[currency];
    const same = before !== undefined && scaledDecimal(before.rate) === scaledDecimal(typed);
    next[currency] = same && !form.checked.includes(currency) ? before : { rate: typed, setAt: now };
  }
  // A currency the form did not list (added by someone else since the page was read) stays.
  for (const [currency, rate] of Object.entries(current)) if (!(currency in form.rates)) next[currency] = rate;
  return next;
}
