// Our routes answer JSON that is never cached or sent on as a referrer: order states, links and
// prices are private or change from one request to the next. Errors go out in the one envelope
// (error-body.ts) with the status the table gives their code.
import { errorBody, type ErrorBody, type ErrorDetails } from "./error-body";
import { ERROR_STATUS, type ErrorCode } from "./error-status";

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...PRIVATE, ...headers } });
}

export function errorAnswer(body: ErrorBody, headers: Record<string, string> = {}): Response {
  return json(body, ERROR_STATUS[body.error], headers);
}

export function problem(code: ErrorCode, message: string, details?: ErrorDetails): Response {
  return errorAnswer(errorBody(code, message, details));
}
