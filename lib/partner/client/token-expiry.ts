// When a login's token stops being usable. expires_at is the service's wall clock; expires_in
// is relative to when we received the answer, so it survives an unparsable expires_at.
import type { CachedToken } from "./token-store";

/** Spec 5.3: a token lives one hour; used when the answer states no usable expiry at all. */
export const DEFAULT_TOKEN_LIFETIME_MS = 3_600_000;

const SQL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** `YYYY-MM-DD HH:MM:SS` read as UTC (docs/partner-api-decisions.md item 5), in epoch ms; null if not such a moment. */
export function parseExpiresAt(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const match = SQL_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March; such a date is not a moment the service meant.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return ms;
}

/**
 * The expiry of a freshly received token. expires_at wins when it parses and lies beyond the
 * refresh margin; otherwise (unparsable, or already stale by our clock, which would make every
 * call log in again) expires_in counted from receipt; otherwise the documented one hour.
 */
export function toCachedToken(
  answer: { token: string; expires_in?: unknown; expires_at?: unknown },
  receivedAt: number,
  refreshMarginMs: number,
): CachedToken {
  const fromAt = parseExpiresAt(answer.expires_at);
  if (fromAt !== null && fromAt > receivedAt + refreshMarginMs) return { token: answer.token, expiresAt: fromAt };
  const seconds = answer.expires_in;
  if (typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0) {
    return { token: answer.token, expiresAt: receivedAt + seconds * 1000 };
  }
  return { token: answer.token, expiresAt: receivedAt + DEFAULT_TOKEN_LIFETIME_MS };
}

/** Whether a stored token may still be sent: it must outlive the refresh margin. */
export function isFresh(token: CachedToken, now: number, refreshMarginMs: number): boolean {
  return now < token.expiresAt - refreshMarginMs;
}
