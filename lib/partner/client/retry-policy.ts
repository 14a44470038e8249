// When a failed call may be sent again and how long to wait first. Exponential backoff with
// full jitter spreads the retries of many storefront instances after an upstream hiccup.
import type { PartnerError } from "./partner-error";

export const DEFAULT_RETRIES = 2;
export const BASE_RETRY_DELAY_MS = 500;
export const MAX_RETRY_DELAY_MS = 8_000;
/** A longer Retry-After is not waited out: a buyer is behind most calls, so the error goes back. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** HTTP statuses that say "try again later" rather than "this request is wrong". */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
/** Body codes with the same meaning (docs/partner-api-decisions.md item 7: the body's code is authoritative). */
const RETRYABLE_CODES: ReadonlySet<unknown> = new Set([103, 429, 500, 503, "timeout", "network"]);

/** Whether the failure is transient. Says nothing about whether repeating the call is safe. */
export function isTransient(error: PartnerError): boolean {
  return RETRYABLE_CODES.has(error.code) || (error.status !== null && RETRYABLE_STATUSES.has(error.status));
}

/** Full jitter: uniform in [0, min(max, base·2^attempt)); `attempt` counts from 0. */
export function backoffDelayMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, BASE_RETRY_DELAY_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as delta-seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * How long to wait before retry number `attempt` (from 0) after `error`, or null to give up:
 * the service's Retry-After when it sent one, else backoff with jitter.
 */
export function retryDelayMs(error: PartnerError, attempt: number, random: () => number): number | null {
  if (error.retryAfterMs !== null) return error.retryAfterMs <= MAX_RETRY_AFTER_MS ? error.retryAfterMs : null;
  return backoffDelayMs(attempt, random);
}
