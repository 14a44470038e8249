// docs/partner-api-decisions.md item 1: the body is parsed as JSON whatever the Content-Type says; anything
// that is not a JSON object is a 400.
import { errorResult } from "./error-result";
import { failure, success, type Outcome } from "./outcome";
import type { SandboxRequest } from "./sandbox-request";

export type JsonObject = Record<string, unknown>;

export async function readJsonObject(request: SandboxRequest): Promise<Outcome<JsonObject>> {
  const text = await request.text();
  if (!text.ok) return text;
  return parseJsonObject(text.value);
}

export function parseJsonObject(text: string): Outcome<JsonObject> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return failure(errorResult(400, "request body is not valid JSON"));
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return failure(errorResult(400, "request body must be a JSON object"));
  }
  return success(value as JsonObject);
}
