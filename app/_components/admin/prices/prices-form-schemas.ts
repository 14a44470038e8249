// Every form of the price editor by name: the client form checks with the schema its server
// action checks again, and only a name crosses from the server page to the browser. Problems are
// keys of the admin.prices.problems messages; the field is the input's name.
import { z } from "zod";
import { currencyFormSchema } from "./currency-form-schema";
import { ratesFormSchema } from "./rates-form-schema";
import { ruleFormSchema, ruleTargetShape, targetKeyProblem } from "./rule-form-schema";

const version = z.string({ error: "version" }).regex(/^[1-9]\d{0,9}$/, { error: "version" }).transform(Number);
const note = z.string().optional().transform((value) => (value ?? "").trim()).pipe(z.string().max(500, { error: "note" }));

export const PRICES_FORM_SCHEMAS = {
  rule: ruleFormSchema,
  rates: ratesFormSchema,
  currency: currencyFormSchema,
  removeRule: z.object(ruleTargetShape).superRefine((target, ctx) => {
    const problem = target.level === "global" ? { field: "level", problem: "target" } : targetKeyProblem(target.level, target.key);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.problem });
  }),
  /** Save the draft: the version it was made from and the stamp of the preview the owner saw. */
  save: z.object({ expectedVersion: version, stamp: z.string().regex(/^[\w-]{22}$/, { error: "stamp" }), note }),
  restore: z.object({ version, expectedVersion: version, note }),
  discard: z.object({}),
} as const;

export type PricesFormName = keyof typeof PRICES_FORM_SCHEMAS;

/** The label key (admin.prices.fields) of an input, with the values its words need. */
export function fieldLabel(field: string): { key: string; values: Record<string, string> } {
  const tier = /^tiers\.(\d+)\.(from|markup)$/.exec(field);
  if (tier) return { key: tier[2] === "from" ? "tierFrom" : "tierMarkup", values: { n: String(Number(tier[1]) + 1) } };
  const rate = /^(rate|checked)\.([A-Z]{3})$/.exec(field);
  if (rate) return { key: "rate", values: { currency: rate[2] ?? "" } };
  return { key: field, values: {} };
}
