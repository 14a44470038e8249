// Parsing steps answer either a value or the error response that ends the request, so an
// endpoint reads as a straight line of `if (!x.ok) return x.error`. The project's one Result
// type, with the error fixed to that response.
import { err, ok, type Result } from "@/lib/result";
import type { ApiResult } from "./error-result";

export type Outcome<T> = Result<T, ApiResult>;

export function success<T>(value: T): Outcome<T> {
  return ok(value);
}

export function failure<T = never>(error: ApiResult): Outcome<T> {
  return err(error);
}
