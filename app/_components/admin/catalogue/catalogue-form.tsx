"use client";
// Every form of the catalogue pages: the admin's checked form (../admin-form.tsx) with the schema
// its server action checks again (catalogue-form-schemas.ts), its problems and answers in the
// words of admin.catalogue.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CheckedForm, type FormAction } from "../admin-form";
import { catalogueFormSchema, fieldLabelKey, type CatalogueFormName } from "./catalogue-form-schemas";

interface Props {
  action: FormAction;
  schema: CatalogueFormName;
  /** The allowed image hosts, for the editor's schema (SHOP_IMAGE_HOSTS). */
  imageHosts?: readonly string[];
  /** The submit buttons; the answer is said right after them. */
  actions: ReactNode;
  /** Put the buttons and the answer before the fields (a long list under a bar of actions). */
  actionsFirst?: boolean;
  className?: string;
  children?: ReactNode;
}

export function CatalogueForm({ schema, imageHosts = [], ...form }: Props) {
  const t = useTranslations("admin.catalogue");
  const label = (field: string) => {
    const key = `fields.${fieldLabelKey(field)}`;
    return t.has(key as never) ? t(key as "fields.other") : t("fields.other");
  };
  return (
    <CheckedForm
      {...form}
      schema={catalogueFormSchema(schema, { imageHosts })}
      sayProblem={({ field, detail }) => t("problem", { field: label(field), detail })}
      sayAnswer={(state) => t(`results.${state.message}` as "results.saved", (state.ok ? (state.data ?? {}) : {}) as Record<string, string>)}
    />
  );
}
