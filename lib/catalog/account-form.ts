// The buyer's account form, built from a denomination's AccountForm (spec 2.4, account rules).
// Pure and framework-free: the browser validates as the buyer types and the server validates
// the joined `account` again with the same rules before it reaches upstream. zod/mini (same
// package, same parser) because this ships to the browser, where full zod would triple the
// product page's own JavaScript.
import { z } from "zod/mini";
import type { AccountField } from "@/lib/partner/schemas";
import type { AccountForm } from "./types";

export type FormLanguage = "en" | "zh";

/** Field values keyed by field name, as the inputs hold them. */
export type AccountValues = Record<string, string>;

/** Fields in the order upstream joins them (spec 2.4 rule 2: by position). */
export function orderedFields(form: AccountForm): AccountField[] {
  return [...form.fields].sort((a, b) => a.position - b.position);
}

/** The label for the visitor's language; upstream may leave label_zh empty. */
export function fieldLabel(field: AccountField, language: FormLanguage): string {
  return language === "zh" && field.label_zh.trim() !== "" ? field.label_zh : field.label;
}

function separatorOf(form: AccountForm): string {
  if (form.fields.length > 1 && !form.separator) {
    throw new Error(`account form "${form.format}" has ${form.fields.length} fields but no separator`);
  }
  return form.separator ?? "";
}

function fieldSchema(field: AccountField, separator: string) {
  const label = field.label;
  return z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, { error: `${label} is required` }),
    z.refine((value) => separator === "" || !value.includes(separator), {
      error: `${label} must not contain "${separator}"`,
    }),
  );
}

/**
 * Validates the form's values (trimmed, none empty, none holding the separator) and outputs
 * the one `account` string /api/pay and /api/account_check take. Issue paths are field names.
 */
export function accountSchema(form: AccountForm) {
  const separator = separatorOf(form);
  const fields = orderedFields(form);
  const shape = Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field, separator)]));
  return z.pipe(
    z.object(shape),
    z.transform((values: Record<string, string>) => fields.map((field) => values[field.name] ?? "").join(separator)),
  );
}

/** Server side: split a joined `account` back into values and validate them with the same rules. */
export function accountStringSchema(form: AccountForm) {
  const separator = separatorOf(form);
  const fields = orderedFields(form);
  const split = z.pipe(
    z.string().check(
      z.refine((account) => separator === "" || account.split(separator).length === fields.length, {
        error: `expected ${fields.length} values joined by "${separator}"`,
      }),
    ),
    z.transform((account: string): AccountValues => {
      const parts = separator === "" ? [account] : account.split(separator);
      return Object.fromEntries(fields.map((field, i) => [field.name, parts[i] ?? ""]));
    }),
  );
  return z.pipe(split, accountSchema(form));
}

/** What is wrong with one field, as a code: the page says it in the buyer's language. */
export type AccountFieldProblem = { code: "required" } | { code: "separator"; separator: string };

export type AccountFormResult =
  | { ok: true; account: string }
  | { ok: false; errors: Record<string, AccountFieldProblem> };

/** Client side: validate the inputs and report the first problem per field. */
export function buildAccount(form: AccountForm, values: AccountValues): AccountFormResult {
  const result = accountSchema(form).safeParse(values);
  if (result.success) return { ok: true, account: result.data };
  const separator = form.separator ?? "";
  const errors: Record<string, AccountFieldProblem> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    // The only refinement is the separator rule; every other issue is a missing value.
    errors[name] ??= issue.code === "custom" ? { code: "separator", separator } : { code: "required" };
  }
  return { ok: false, errors };
}

/** The empty values a fresh form starts with. */
export function emptyValues(form: AccountForm): AccountValues {
  return Object.fromEntries(form.fields.map((field) => [field.name, ""]));
}
