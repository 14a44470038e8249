// The Fraud rules page's form schemas, checked in the browser and again by its server actions.
import { z } from "zod";
import { BLOCK_KINDS } from "@/lib/fraud/block-value";
import { fraudRulesSchema } from "@/lib/fraud/fraud-rules";
import { currencySchema } from "@/lib/money";

export { blockInputSchema } from "@/lib/fraud/block-value";

export const rulesFormSchema = fraudRulesSchema.extend({
  expectedVersion: z.coerce.number().int().min(0),
  /** The currency the page showed the amount caps in: they are kept in it (decision 215). */
  currency: currencySchema,
});

export const closeBreakerFormSchema = z.object({});

export const unblockFormSchema = z.object({
  kind: z.enum(BLOCK_KINDS),
  value: z.string().min(1).max(512),
});
