// Stripe's request parameters: form-encoded with bracket nesting (line_items[0][quantity]=1,
// expand[]=payment_intent, metadata[k]=v) in POST bodies and in GET query strings alike.
// qs is the library Stripe's own documentation uses for this encoding.
import qs from "qs";
import type { z } from "zod";
import { invalidRequest, type StripeError } from "../stripe-error";
import { err, ok, type Result } from "@/lib/result";

export type FormParams = Record<string, unknown>;

export function parseForm(text: string): FormParams {
  // depth 5 covers line_items[0][price_data][product_data][name]; arrayLimit keeps indexes as arrays.
  return qs.parse(text, { depth: 5, arrayLimit: 100, parameterLimit: 1000 }) as FormParams;
}

/** `["line_items", 0, "price_data"]` → `line_items[0][price_data]`, as Stripe names a param. */
export function paramName(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  return (head ?? "") + rest.map((part) => `[${part}]`).join("");
}

export const INVALID_INTEGER = "Invalid integer";

/** Validate parameters with a zod schema, answering the first problem the way Stripe does. */
export function parseParams<T>(schema: z.ZodType<T>, params: FormParams): Result<T, StripeError> {
  const parsed = schema.safeParse(params);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  if (!issue) return err(invalidRequest("Invalid request"));
  if (issue.code === "unrecognized_keys") {
    const param = paramName([...issue.path, issue.keys[0] ?? ""]);
    return err(invalidRequest(`Received unknown parameter: ${param}`, { code: "parameter_unknown", param }));
  }
  const param = paramName(issue.path);
  if (valueAt(params, issue.path) === undefined) {
    return err(invalidRequest(`Missing required param: ${param}.`, { code: "parameter_missing", param }));
  }
  if (issue.message.startsWith(INVALID_INTEGER)) {
    return err(invalidRequest(issue.message, { code: "parameter_invalid_integer", param }));
  }
  return err(invalidRequest(`Invalid ${param}: ${issue.message}`, { param }));
}

function valueAt(params: unknown, path: readonly PropertyKey[]): unknown {
  let value = params;
  for (const part of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}
