// The one error type of the Partner API client. Failures travel as values (Result), but
// PartnerError still extends Error so that a caller who must throw gets a stack and a message.
import { ERROR_CODES, isServiceErrorCode, type ServiceErrorCode } from "../error-codes";
import { accountErrorBodySchema, type AccountErrorBody } from "../schemas/responses";
import type { DeliveryMethod } from "../schemas/resources";

/**
 * Codes for failures that carry no service code:
 * - `timeout`: no complete answer within the call's timeout (the request may have been processed);
 * - `network`: the connection failed before an answer;
 * - `aborted`: the caller's AbortSignal fired;
 * - `invalid_response`: an answer that is not JSON or does not match the response schema;
 * - `http_error`: an HTTP failure status or body `error` that the spec does not name (a proxy's 502).
 */
export type TransportErrorCode = "timeout" | "network" | "aborted" | "invalid_response" | "http_error";

export type PartnerErrorCode = ServiceErrorCode | TransportErrorCode;

export interface PartnerErrorInit {
  code: PartnerErrorCode;
  status: number | null;
  text: string;
  body?: unknown;
  endpoint?: string | null;
  retryAfterMs?: number | null;
  /** See `PartnerError.mayHaveTakenEffect`; defaults to false. */
  mayHaveTakenEffect?: boolean;
  cause?: unknown;
}

export class PartnerError extends Error {
  override name = "PartnerError";
  /** A service code (400, 402, 101, …) or a transport code ("timeout", "network", …). */
  readonly code: PartnerErrorCode;
  /** HTTP status of the answer, or null when there was none. */
  readonly status: number | null;
  /** Human-readable reason: the body's `error_text` when the service gave one. */
  readonly text: string;
  /** The parsed JSON body, the raw text when it was not JSON, or null. */
  readonly body: unknown;
  /** `METHOD /path` of the call, for logs. */
  readonly endpoint: string | null;
  /** Delay the service asked for with `Retry-After` (429/503), in milliseconds. */
  readonly retryAfterMs: number | null;
  /**
   * Whether the service may have acted on the call although it failed, so that a checkout
   * repeats /api/pay with the same ext_order_id (or reads the order) instead of giving up.
   * The rule, applied where each failure is recognised:
   * - true: a timeout; a network failure once the request may have left (anything but a
   *   refused or unresolvable connection); an abort after sending; HTTP 5xx whose body has no
   *   service code, or code 500 (a proxy's 502 or 504 says nothing about the service); an
   *   unreadable 2xx answer to a state-changing call (/api/pay, /api/order_update);
   * - false: service errors with their own code (4xx, 101–103, 503 "unavailable"), a 429,
   *   failures of the login that must precede the call, and an abort before sending.
   * A retried call keeps true once any attempt had it.
   */
  readonly mayHaveTakenEffect: boolean;

  constructor(init: PartnerErrorInit) {
    super(`${init.endpoint ? `${init.endpoint}: ` : ""}${init.code} ${init.text}`, { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.text = init.text;
    this.body = init.body ?? null;
    this.endpoint = init.endpoint ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.mayHaveTakenEffect = init.mayHaveTakenEffect ?? false;
  }

  /** The same error with another `mayHaveTakenEffect`. */
  withMayHaveTakenEffect(mayHaveTakenEffect: boolean): PartnerError {
    if (mayHaveTakenEffect === this.mayHaveTakenEffect) return this;
    return new PartnerError({
      code: this.code,
      status: this.status,
      text: this.text,
      body: this.body,
      endpoint: this.endpoint,
      retryAfterMs: this.retryAfterMs,
      mayHaveTakenEffect,
      cause: this.cause,
    });
  }

  /** The account-validation 400 body of /api/pay (`{error, error_text, delivery_method}`), if this is one. */
  get accountErrorBody(): AccountErrorBody | null {
    const parsed = accountErrorBodySchema.safeParse(this.body);
    return parsed.success ? parsed.data : null;
  }

  /** `delivery_method` of an account-validation 400 of /api/pay: tells the form to ask for an account or not. */
  get deliveryMethod(): DeliveryMethod | null {
    return this.accountErrorBody?.delivery_method ?? null;
  }
}

/**
 * The service code in a body's `error` field: a positive integer, or a string of digits (the
 * real service may quote numbers). Anything else means "no error in the body".
 */
export function bodyErrorCode(body: unknown): number | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const raw = (body as Record<string, unknown>).error;
  const value = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

function bodyErrorText(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const key of ["error_text", "message"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return null;
}

/**
 * The error an answer stands for, or null when it is a result. docs/partner-api-decisions.md item 7: the body's
 * `error` is authoritative whatever the HTTP status (a 200 with `{error: 102}` is a 102); without
 * one, a non-2xx status is the code. A failed order (order_status 3) has no `error`: a result.
 */
export function errorFromAnswer(answer: {
  status: number;
  body: unknown;
  endpoint: string;
  retryAfterMs: number | null;
}): PartnerError | null {
  const fromBody = bodyErrorCode(answer.body);
  const success = answer.status >= 200 && answer.status < 300;
  if (fromBody === null && success) return null;
  const number = fromBody ?? answer.status;
  const code: PartnerErrorCode = isServiceErrorCode(number) ? number : "http_error";
  // A known service code other than 500 is the service deciding not to act; a 5xx without
  // one may come from a proxy after the service received the request.
  const mayHaveTakenEffect =
    fromBody !== null && isServiceErrorCode(fromBody) ? fromBody === 500 : answer.status >= 500;
  const text =
    bodyErrorText(answer.body) ??
    (isServiceErrorCode(number) ? ERROR_CODES[number] : `unexpected ${fromBody !== null ? "error" : "HTTP status"} ${number}`);
  return new PartnerError({
    code,
    status: answer.status,
    text,
    body: answer.body,
    endpoint: answer.endpoint,
    retryAfterMs: answer.retryAfterMs,
    mayHaveTakenEffect,
  });
}
