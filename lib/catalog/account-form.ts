// The server's schema of a buyer's account (spec 2.4, account rules), on the rules the product
// page checks as the buyer types (account-rules.ts): the server validates the joined `account`
// again with them, naming the field at fault, before it reaches upstream. Server only: the
// browser never loads this file, nor zod.
import { z } from "zod/mini";
import type { AccountField } from "@/lib/partner/schemas";
import { fieldProblem, orderedFields, separatorOf, type AccountValues } from "./account-rules";
import type { AccountForm } from "./types";

function fieldSchema(field: AccountField, separator: string) {
  const label = field.label;
  return z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.refine((value) => fieldProblem(value, separator)?.code !== "required", { error: `${label} is required` }),
    z.refine((value) => fieldProblem(value, separator)?.code !== "separator", {
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
