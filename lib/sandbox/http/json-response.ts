// Every sandbox answer is JSON; the body's key order is the wire order (docs/partner-api-decisions.md item 3),
// which JSON.stringify keeps because every body is built in that order.
import type { ApiResult } from "./error-result";

/** An answer ready for the wire, whichever adapter sends it. */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Throws when the body cannot be serialised, so that the shell answers 500 instead. */
export function serialize(result: ApiResult): JsonAnswer {
  return { status: result.status, headers: { ...result.headers, "Content-Type": "application/json" }, body: JSON.stringify(result.body) };
}

export function toResponse(answer: JsonAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
