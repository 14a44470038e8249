// One money type for the whole shop: integer minor units together with the currency they are
// minor units of. The currency decides the exponent, so 1000 JPY and 1000 USD cents never mix.
import { z } from "zod";
import { isKnownCurrency } from "./currency";

export const currencySchema = z
  .string()
  .refine(isKnownCurrency, { error: (issue) => `"${String(issue.input)}" is not an ISO 4217 currency code this runtime knows` });

/** Where money crosses a boundary (JSON, props, KV), it is checked with this schema. */
export const moneySchema = z.object({
  /** Integer count of the currency's minor unit: cents for USD, yen for JPY, fils for KWD. */
  minor: z.int({ error: "expected a safe integer count of minor units" }),
  currency: currencySchema,
});

export type Money = z.infer<typeof moneySchema>;
