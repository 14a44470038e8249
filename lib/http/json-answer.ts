// Our routes answer JSON that is never cached or sent on as a referrer: order states, links and
// prices are private or change from one request to the next. Errors go out in the one envelope
// (error-body.ts) with the status the table gives their code.
import { errorBody, type ErrorBody, type ErrorDetails } from "./error-body";
import { ERROR_STATUS, type ErrorCode } from "./error-status";

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
/**
 * `next start` gzips every answer whose length it is not told (Next passes no Content-Length
 * on), and each gzip is a zlib stream of its own: for an answer of a few hundred bytes that is
 * CPU for nothing on the wire, on every checkout, webhook and order look. `no-transform` is the
 * directive its compression, like any proxy, leaves alone; a large answer is still compressed
 * (docs/architecture-decisions.md item 246).
 */
const SMALL = { "Cache-Control": "no-store, no-transform", "Referrer-Policy": "no-referrer" };
/** The compression's own threshold: below it, gzip does not pay for its header. */
const SMALL_BYTES = 1024;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const privately = Buffer.byteLength(text) < SMALL_BYTES ? SMALL : PRIVATE;
  return new Response(text, { status, headers: { "Content-Type": "application/json", ...privately, ...headers } });
}

export function errorAnswer(body: ErrorBody, headers: Record<string, string> = {}): Response {
  return json(body, ERROR_STATUS[body.error], headers);
}

export function problem(code: ErrorCode, message: string, details?: ErrorDetails): Response {
  return errorAnswer(errorBody(code, message, details));
}
