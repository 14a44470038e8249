// The catalogue list's bulk form as the browser sends it, checked there and again by the server
// action. Each row's checkbox has a name of its own (service-<id>) rather than one repeated name,
// because the admin's actions read a form as one value per name (lib/auth/guard/admin-guard.ts)
// and the form must work without JavaScript. "filtered" acts on every product matching the
// filters sent with it, on every page; the server resolves that list itself. Besides the flags,
// "rule" opens the form of one service-level price rule for the same products (bulk-rule-form-
// schema.ts) and "clearRule" removes their service rules, both through the price editor's draft.
import { z } from "zod";
import { bulkActionSchema } from "@/lib/catalog/presentation/presentation-input";
import { catalogueFiltersSchema } from "./catalogue-query";

const SELECTED = /^service-(\d{1,15})$/;

/** The actions on prices, beside the presentation's flags. */
export const RULE_ACTIONS = ["rule", "clearRule"] as const;
const actionSchema = z.enum([...bulkActionSchema.shape.action.options, ...RULE_ACTIONS], { error: "expected hide, show, feature, unfeature, rule or clearRule" });

export const selectedField = (serviceId: number) => `service-${serviceId}`;

export const bulkFormSchema = z
  .looseObject({
    action: actionSchema,
    scope: z.enum(["selected", "filtered"], { error: "choose the selected products or every product matching the filters" }),
    ...catalogueFiltersSchema.shape,
  })
  .transform((form, ctx) => {
    const ids = Object.keys(form).flatMap((key) => {
      const match = SELECTED.exec(key);
      return match ? [Number(match[1])] : [];
    });
    if (form.scope === "selected" && ids.length === 0) {
      ctx.addIssue({ code: "custom", path: ["ids"], message: "choose at least one product" });
      return z.NEVER;
    }
    const { q, visibility, featured, fresh } = form;
    return { action: form.action, scope: form.scope, ids, filters: { q, visibility, featured, fresh } };
  });

export type BulkForm = z.output<typeof bulkFormSchema>;
