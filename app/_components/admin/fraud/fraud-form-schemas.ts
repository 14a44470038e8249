// The Fraud rules page's form schemas, checked in the browser and again by its server actions.
import { z } from "zod";
import { BLOCK_KINDS } from "@/lib/fraud/block-value";
import { fraudRulesSchema } from "@/lib/fraud/fraud-rules";

export { blockInputSchema } from "@/lib/fraud/block-value";

export const rulesFormSchema = fraudRulesSchema.extend({
  expectedVersion: z.coerce.number().int().min(0),
});

export const closeBreakerFormSchema = z.object({});

export const unblockFormSchema = z.object({
  kind: z.enum(BLOCK_KINDS),
  value: z.string().min(1).max(512),
});
