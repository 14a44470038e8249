"use client";
// Every form of the price editor: the admin's checked form (../admin-form.tsx) with the schema its
// server action checks again (prices-form-schemas.ts); a problem is a key of admin.prices.problems
// and the field is named by admin.prices.fields.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CheckedForm, type FormAction } from "../admin-form";
import { fieldLabel, PRICES_FORM_SCHEMAS, type PricesFormName } from "./prices-form-schemas";

interface Props {
  action: FormAction;
  schema: PricesFormName;
  /** The submit buttons; the answer is said right after them. */
  actions: ReactNode;
  className?: string;
  /** Names the form for assistive technology when a page has several. */
  label?: string;
  children?: ReactNode;
}

export function PricesForm({ schema, ...form }: Props) {
  const t = useTranslations("admin.prices");
  const words = (key: string, values: Record<string, string> = {}) => (t.has(key as never) ? t(key as "problems.other", values) : null);
  return (
    <CheckedForm
      {...form}
      schema={PRICES_FORM_SCHEMAS[schema]}
      sayProblem={({ field, detail }) =>
        t("problem", {
          field: words(`fields.${fieldLabel(field).key}`, fieldLabel(field).values) ?? field,
          detail: words(`problems.${detail}`) ?? t("problems.other"),
        })
      }
      sayAnswer={(state) => words(`results.${state.message}`, (state.data ?? {}) as Record<string, string>) ?? t("results.refused")}
    />
  );
}
