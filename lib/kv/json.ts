// JSON values on top of the string interface. The store keeps the exact JSON text; reading
// parses it with a schema, so data written by an older release is checked, not trusted.
import type { z } from "zod";
import type { Kv, TtlOptions } from "./kv";
import { KvError } from "./kv-error";

export async function setJson(kv: Kv, key: string, value: unknown, options?: TtlOptions): Promise<void> {
  await kv.set(key, JSON.stringify(value), options);
}

/** The value at `key` parsed with `schema`, or null when the key is missing or expired. */
export async function getJson<T>(kv: Kv, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const text = await kv.get(key);
  return text === null ? null : parseJsonValue(text, key, schema);
}

/** Stored JSON text checked against `schema`; `key` names the value in the error. */
export function parseJsonValue<T>(text: string, key: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new KvError("invalid_value", `Value at "${key}" is not JSON`, { cause: error });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new KvError("invalid_value", `Value at "${key}" does not match its schema`, { cause: parsed.error });
  return parsed.data;
}

/**
 * Stored JSON text checked against `schema`, or null when it is not JSON or does not match: for
 * values a reader can do without (a cached figure, a page's hint), where a bad one must not
 * break the page that reads it.
 */
export function parseJsonOrNull<T>(text: string, schema: z.ZodType<T>): T | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The value at `key` parsed with `schema`; null when missing, expired or unreadable (parseJsonOrNull). */
export async function getJsonOrNull<T>(kv: Kv, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const text = await kv.get(key);
  return text === null ? null : parseJsonOrNull(text, schema);
}
