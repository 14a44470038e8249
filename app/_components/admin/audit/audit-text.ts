// An audit row in the reader's language: the action's name from admin.audit.actions (the
// stored code, "prices.rule_saved", is the message's path), the target as what it is
// ("Order") and its key, and each change as field and value lines rather than raw JSON. An
// action, target kind or field this release has no words for keeps its code, marked as one.
import type { getTranslations } from "next-intl/server";

type T = Awaited<ReturnType<typeof getTranslations<"admin.audit">>>;

/** A piece of text: words in the reader's language, or a code shown as it is. */
export type Piece = { words: string } | { code: string };

export interface ChangeLine {
  field: Piece;
  value: Piece;
}

function known(t: T, key: string): string | null {
  // Keys come from stored rows, so they are looked up, not typed.
  return t.has(key as Parameters<T["has"]>[0]) ? (t as unknown as (key: string) => string)(key) : null;
}

export function actionName(action: string, t: T): Piece {
  const words = /^[a-z]+\.[a-z_]+$/.test(action) ? known(t, `actions.${action}`) : null;
  return words === null ? { code: action } : { words };
}

/** "order:01H…" → the kind's word and the key; a target without a known kind stays a code. */
export function targetParts(target: string, t: T): { kind: string | null; key: string } {
  const colon = target.indexOf(":");
  const kind = colon > 0 ? target.slice(0, colon) : "";
  const words = /^[a-z-]+$/.test(kind) ? known(t, `targets.${kind}`) : null;
  return words === null ? { kind: null, key: target } : { kind: words, key: target.slice(colon + 1) };
}

function valuePiece(value: unknown, t: T): Piece {
  if (typeof value === "boolean") return { words: t(value ? "yes" : "no") };
  if (value === null) return { words: t("none") };
  if (typeof value === "number") return { code: String(value) };
  if (typeof value === "string") return { code: value };
  return { code: JSON.stringify(value) };
}

/** A change's lines: one per field of an object, else the one value. */
export function changeLines(value: unknown, t: T): ChangeLine[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== "object" || Array.isArray(value)) return [{ field: { words: t("value") }, value: valuePiece(value, t) }];
  return Object.entries(value).map(([field, inner]) => {
    const words = /^\w+$/.test(field) ? known(t, `fields.${field}`) : null;
    return { field: words === null ? { code: field } : { words }, value: valuePiece(inner, t) };
  });
}
