import { describe, expect, it } from "vitest";
import { PartnerError } from "./partner-error";
import { backoffDelayMs, isTransient, MAX_RETRY_DELAY_MS, parseRetryAfter, retryDelayMs } from "./retry-policy";

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe("retry policy", () => {
  it("draws full jitter below an exponential ceiling", () => {
    expect([0, 1, 2, 3].map((a) => backoffDelayMs(a, () => 0.999))).toEqual([499, 999, 1998, 3996]);
    expect(backoffDelayMs(20, () => 0.5)).toBe(MAX_RETRY_DELAY_MS / 2);
    expect(backoffDelayMs(3, () => 0)).toBe(0);
  });

  it("parses Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("2", NOW)).toBe(2_000);
    expect(parseRetryAfter(new Date(NOW + 5_000).toUTCString(), NOW)).toBe(5_000);
    expect(parseRetryAfter(new Date(NOW - 5_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter("soon", NOW)).toBeNull();
    expect(parseRetryAfter(null, NOW)).toBeNull();
  });

  it("prefers the service's Retry-After and gives up on one over a minute", () => {
    const error = (retryAfterMs: number | null) => new PartnerError({ code: 429, status: 429, text: "", retryAfterMs });
    expect(retryDelayMs(error(4_000), 0, () => 0.5)).toBe(4_000);
    expect(retryDelayMs(error(61_000), 0, () => 0.5)).toBeNull();
    expect(retryDelayMs(error(null), 1, () => 0.5)).toBe(500);
  });

  it("counts transport failures, 429 and 5xx as transient, business errors not", () => {
    const make = (code: PartnerError["code"], status: number | null) => new PartnerError({ code, status, text: "" });
    expect(isTransient(make("timeout", null))).toBe(true);
    expect(isTransient(make("network", null))).toBe(true);
    expect(isTransient(make("http_error", 504))).toBe(true);
    expect(isTransient(make(103, 503))).toBe(true);
    expect(isTransient(make(500, 200))).toBe(true);
    expect(isTransient(make(402, 402))).toBe(false);
    expect(isTransient(make(101, 409))).toBe(false);
    expect(isTransient(make("invalid_response", 200))).toBe(false);
    expect(isTransient(make("aborted", null))).toBe(false);
  });
});
