// decisions.md item 1: the body is parsed as JSON whatever the Content-Type says; anything
// that is not a JSON object is a 400.
import { errorResult } from "./error-result";
import { failure, success, type Outcome } from "./outcome";
import { readBodyText } from "./read-body";

export type JsonObject = Record<string, unknown>;

export async function readJsonObject(request: Request): Promise<Outcome<JsonObject>> {
  const text = await readBodyText(request);
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
