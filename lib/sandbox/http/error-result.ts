// docs/partner-api-decisions.md items 6 and 7: one error body, and the HTTP status each code travels with.
import { httpStatusOf, type ServiceErrorCode } from "@/lib/partner/error-codes";

/** What every sandbox operation answers: an HTTP status and a JSON body in wire field order. */
export interface ApiResult {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function ok(body: Record<string, unknown>): ApiResult {
  return { status: 200, body };
}

export function errorResult(code: ServiceErrorCode, errorText: string, headers?: Record<string, string>): ApiResult {
  return { status: httpStatusOf(code), body: { success: false, error: code, error_text: errorText }, headers };
}
