// The rules of a buyer's account form (spec 2.4, account rules), as plain functions: the product
// page checks the inputs with them as the buyer types, without zod, which would be most of the
// page's own JavaScript (issue 17); the server's schema (account-form.ts) is built on the same
// rules, so browser and server can never disagree on what a valid account is.
import type { AccountField } from "@/lib/partner/schemas";
import type { AccountForm } from "./types";

export type FormLanguage = "en" | "zh";

/** Field values keyed by field name, as the inputs hold them. */
export type AccountValues = Record<string, string>;

/** What is wrong with one field, as a code: the page says it in the buyer's language. */
export type AccountFieldProblem = { code: "required" } | { code: "separator"; separator: string };

export type AccountFormResult =
  | { ok: true; account: string }
  | { ok: false; errors: Record<string, AccountFieldProblem> };

/** Fields in the order upstream joins them (spec 2.4 rule 2: by position). */
export function orderedFields(form: AccountForm): AccountField[] {
  return [...form.fields].sort((a, b) => a.position - b.position);
}

/** The label for the visitor's language; upstream may leave label_zh empty. */
export function fieldLabel(field: AccountField, language: FormLanguage): string {
  return language === "zh" && field.label_zh.trim() !== "" ? field.label_zh : field.label;
}

/** What joins the values; a form of several fields without one cannot be joined at all. */
export function separatorOf(form: AccountForm): string {
  if (form.fields.length > 1 && !form.separator) {
    throw new Error(`account form "${form.format}" has ${form.fields.length} fields but no separator`);
  }
  return form.separator ?? "";
}

/** The rule for one value, already trimmed: present, and not holding the separator. */
export function fieldProblem(value: string, separator: string): AccountFieldProblem | null {
  if (value.length === 0) return { code: "required" };
  if (separator !== "" && value.includes(separator)) return { code: "separator", separator };
  return null;
}

/** Client side: check the inputs (trimmed) and join them into the one `account` string, or report each field's problem. */
export function buildAccount(form: AccountForm, values: AccountValues): AccountFormResult {
  const separator = separatorOf(form);
  const fields = orderedFields(form);
  const errors: Record<string, AccountFieldProblem> = {};
  const parts: string[] = [];
  for (const field of fields) {
    const value = typeof values[field.name] === "string" ? values[field.name]!.trim() : "";
    const problem = fieldProblem(value, separator);
    if (problem) errors[field.name] = problem;
    parts.push(value);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, account: parts.join(separator) };
}

/** The empty values a fresh form starts with. */
export function emptyValues(form: AccountForm): AccountValues {
  return Object.fromEntries(form.fields.map((field) => [field.name, ""]));
}
