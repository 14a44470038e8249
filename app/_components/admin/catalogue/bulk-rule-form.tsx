"use client";
// The form of "apply a price rule" to many services: the admin's checked form (../admin-form.tsx)
// with the schema its server action checks again (bulk-rule-form-schema.ts). A rule's field and
// problem are said in the price editor's words (admin.prices), as on its own rule page; the
// services it is for in the catalogue's (admin.catalogue).
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CheckedForm, type FormAction } from "../admin-form";
import { fieldLabel } from "../prices/prices-form-schemas";
import { bulkRuleFormSchema } from "./bulk-rule-form-schema";

interface Props {
  action: FormAction;
  actions: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function BulkRuleForm(form: Props) {
  const prices = useTranslations("admin.prices");
  const catalogue = useTranslations("admin.catalogue");
  const label = (field: string) => {
    const { key, values } = fieldLabel(field);
    if (prices.has(`fields.${key}` as never)) return prices(`fields.${key}` as "fields.markupPercent", values);
    return catalogue.has(`fields.${field}` as never) ? catalogue(`fields.${field}` as "fields.other") : catalogue("fields.other");
  };
  const detail = (problem: string) => (prices.has(`problems.${problem}` as never) ? prices(`problems.${problem}` as "problems.other") : problem);
  return (
    <CheckedForm
      {...form}
      schema={bulkRuleFormSchema}
      sayProblem={({ field, detail: problem }) => catalogue("problem", { field: label(field), detail: detail(problem) })}
      sayAnswer={(state) => {
        const key = `results.${state.message}`;
        if (catalogue.has(key as never)) return catalogue(key as "results.saved", (state.data ?? {}) as Record<string, string>);
        return prices.has(key as never) ? prices(key as "results.refused", (state.data ?? {}) as Record<string, string>) : prices("results.refused");
      }}
    />
  );
}
