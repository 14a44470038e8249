// Which keyboard a phone opens for an account field. The Partner API's field has no "digits only"
// flag (type is "input"; other values are not documented), so numeric is inferred only where
// upstream shows it: a numeric type, or an example in the placeholder that is all digits
// ("e.g. 12345678"). A name such as player_id alone does not decide it: some games' IDs have
// letters, and a numeric keyboard would make those hard to type.
import type { AccountField } from "@/lib/partner/schemas";

export type FieldKeyboard = "numeric" | "text";

const NUMERIC_TYPES = new Set(["number", "numeric", "digits", "integer", "tel"]);
/** The example in a placeholder: after "e.g." when there is one, else the whole text. */
const EXAMPLE = /(?:e\.g\.|example:?|eg:?)\s*(\S+)\s*$/i;

export function fieldKeyboard(field: Pick<AccountField, "type" | "placeholder" | "multiline">): FieldKeyboard {
  if (field.multiline) return "text";
  if (NUMERIC_TYPES.has(field.type.trim().toLowerCase())) return "numeric";
  const placeholder = field.placeholder.trim();
  const example = EXAMPLE.exec(placeholder)?.[1] ?? placeholder;
  return /^\d+$/.test(example) ? "numeric" : "text";
}
