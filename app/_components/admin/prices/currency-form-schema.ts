// The change of store currency as its form sends it: the currency the page was read in, the new
// one, and a rate into the new one per currency the rules need (rate.EUR, …). A typed rate must be
// a rate; an empty one is left for lib/pricing/change-store-currency.ts to refuse, naming every
// currency missing at once. The same schema runs in the browser and the server action.
import { z } from "zod";
import { isKnownCurrency } from "@/lib/money/currency";
import { isPlainDecimal, scaledDecimal } from "@/lib/pricing/scaled-decimal";
import { rateField } from "./rates-form-schema";

const RATE_FIELD = /^rate\.([A-Z]{3})$/;
const code = z.string().regex(/^[A-Z]{3}$/, { error: "currency" }).refine(isKnownCurrency, { error: "currency" });

export interface CurrencyForm {
  from: string;
  to: string;
  rates: Record<string, string | null>;
}

export const currencyFormSchema = z.looseObject({ from: code, to: code }).transform((form, ctx): CurrencyForm => {
  const rates: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(form)) {
    const currency = RATE_FIELD.exec(name)?.[1];
    if (!currency) continue;
    const typed = String(value).trim().replace(",", ".");
    if (typed !== "" && !(isPlainDecimal(typed) && scaledDecimal(typed) > 0n)) {
      ctx.addIssue({ code: "custom", path: [rateField(currency)], message: "rate" });
      return z.NEVER;
    }
    rates[currency] = typed === "" ? null : typed;
  }
  return { from: form.from, to: form.to, rates };
});
