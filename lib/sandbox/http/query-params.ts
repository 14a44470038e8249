// GET parameters go through the same zod schemas as JSON bodies, so they are first turned into
// a plain object. A repeated parameter is ambiguous (which one counts?), hence a 400.
import { errorResult } from "./error-result";
import { failure, success, type Outcome } from "./outcome";

export function queryObject(params: URLSearchParams): Outcome<Record<string, string>> {
  const seen = new Map<string, string>();
  for (const [name, value] of params) {
    if (seen.has(name)) return failure(errorResult(400, `${name} must not be repeated`));
    seen.set(name, value);
  }
  // fromEntries defines own properties, so even `__proto__` reaches the strict schema as a field.
  return success(Object.fromEntries(seen));
}
