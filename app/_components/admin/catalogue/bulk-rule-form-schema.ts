// "Apply a price rule" to many services from the catalogue list: which services (the ticked ones,
// carried as a list, or every one matching the filters, carried as the filters so the server
// reads them again) and one service-level rule, checked by the price editor's own rule schema
// (app/_components/admin/prices/rule-form-schema.ts), so the same typo is refused with the same
// words here, in the editor and on the server. Browser-safe.
import { z } from "zod";
import { firstIssue, type ZodError } from "@/lib/http/first-issue";
import type { Rule } from "@/lib/pricing/rule-set";
import { ruleFormSchema } from "../prices/rule-form-schema";
import { catalogueFiltersSchema, type CatalogueFilters } from "./catalogue-query";

/** Ticks come from one page of the list (25 rows), so a short list; 1000 as the flags allow. */
const SERVICE_LIST = /^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,999}$/;

export interface RuleTargets {
  scope: "selected" | "filtered";
  /** The ticked services ("selected"); empty for "filtered", which the server resolves. */
  ids: number[];
  filters: CatalogueFilters;
}

export const ruleTargetsSchema = z
  .object({
    scope: z.enum(["selected", "filtered"], { error: "choose the selected products or every product matching the filters" }),
    services: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim()),
    ...catalogueFiltersSchema.shape,
  })
  .transform((form, ctx): RuleTargets => {
    const { q, visibility, featured, fresh } = form;
    const filters = { q, visibility, featured, fresh };
    if (form.scope === "filtered") return { scope: "filtered", ids: [], filters };
    if (!SERVICE_LIST.test(form.services)) {
      ctx.addIssue({ code: "custom", path: ["services"], message: "choose at least one product" });
      return z.NEVER;
    }
    return { scope: "selected", ids: [...new Set(form.services.split(",").map(Number))], filters };
  });

/** The targets as URL parameters (the rule page's address) or hidden inputs (its form). */
export function ruleTargetsParams(targets: RuleTargets): Record<string, string> {
  const params: Record<string, string> = { scope: targets.scope };
  if (targets.scope === "selected") params.services = targets.ids.join(",");
  for (const [name, value] of Object.entries(targets.filters)) if (value !== "" && value !== "all") params[name] = value;
  return params;
}

export interface BulkRuleForm {
  targets: RuleTargets;
  /** The currency the amounts were typed in, as the page said it. */
  storeCurrency: string;
  rule: Rule;
}

/** The first problem of a failed parse, kept whole: its field is an input's name. */
function refuse(ctx: z.RefinementCtx, error: ZodError): never {
  const { field, message } = firstIssue(error, "");
  ctx.addIssue({ code: "custom", path: field === "" ? [] : field.split("."), message });
  return z.NEVER as never;
}

export const bulkRuleFormSchema = z.looseObject({}).transform((form, ctx): BulkRuleForm => {
  const targets = ruleTargetsSchema.safeParse(form);
  if (!targets.success) return refuse(ctx, targets.error);
  // The editor's schema checks a rule with its target; a service rule's checks are the same
  // whichever service it names, so the first ticked one (or any id, for the filtered ones) stands in.
  const checked = ruleFormSchema.safeParse({ ...form, level: "service", key: String(targets.data.ids[0] ?? 1) });
  if (!checked.success) return refuse(ctx, checked.error);
  return { targets: targets.data, storeCurrency: checked.data.storeCurrency, rule: checked.data.rule };
});
