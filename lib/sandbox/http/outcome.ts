// Parsing steps answer either a value or the error response that ends the request, so an
// endpoint reads as a straight line of `if (!x.ok) return x.error`.
import type { ApiResult } from "./error-result";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiResult };

export function success<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function failure<T = never>(error: ApiResult): Outcome<T> {
  return { ok: false, error };
}
