// One malformed item must not cost the whole list: a service with a `type` or a voucher with a
// `delivery_method` the spec does not list yet would otherwise empty the catalogue. Each item
// is checked on its own; one that fails is dropped and reported, the rest are served.
import type { z } from "zod";
import { firstIssue } from "@/lib/http/first-issue";

/** A list field of an answer and the schema of its items. */
export interface ListField {
  field: string;
  item: z.ZodType;
  /** Field that identifies an item in the log line, e.g. `id` or `voucher_id`. */
  idField: string;
}

export interface SkippedItem {
  endpoint: string;
  field: string;
  index: number;
  /** The item's id when it could be read, else null. */
  id: string | number | null;
  /** The first zod issue, as `path: message`. */
  issue: string;
}

function readId(item: unknown, idField: string): string | number | null {
  if (typeof item !== "object" || item === null) return null;
  const value = (item as Record<string, unknown>)[idField];
  return typeof value === "string" || typeof value === "number" ? value : null;
}

/**
 * The body with each listed array reduced to its items that match their schema; everything
 * else is left for the answer's own schema to judge (a list that is not an array stays wrong).
 */
export function skipBadItems(
  body: unknown,
  lists: readonly ListField[],
  endpoint: string,
  report: (skipped: SkippedItem) => void,
): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...record };
  for (const { field, item, idField } of lists) {
    const items = record[field];
    if (!Array.isArray(items)) continue;
    copy[field] = items.filter((entry, index) => {
      const parsed = item.safeParse(entry);
      if (parsed.success) return true;
      const { field: at, message } = firstIssue(parsed.error, "(item)");
      report({
        endpoint,
        field,
        index,
        id: readId(entry, idField),
        issue: `${at}: ${message}`,
      });
      return false;
    });
  }
  return copy;
}

/** The default report: one warning line per skipped item. */
export function logSkippedItem(skipped: SkippedItem): void {
  console.warn(
    `[partner] ${skipped.endpoint}: skipped ${skipped.field}[${skipped.index}]` +
      `${skipped.id === null ? "" : ` (id ${skipped.id})`}: ${skipped.issue}`,
  );
}
