import { describe, expect, it } from "vitest";
import { DEFAULT_TOKEN_LIFETIME_MS, isFresh, parseExpiresAt, toCachedToken } from "./token-expiry";

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe("parseExpiresAt", () => {
  it("reads YYYY-MM-DD HH:MM:SS as UTC", () => {
    expect(parseExpiresAt("2026-01-15 13:00:00")).toBe(Date.UTC(2026, 0, 15, 13, 0, 0));
  });

  it("rejects other formats and dates that do not exist", () => {
    for (const text of ["2026-01-15T13:00:00Z", "15.01.2026 13:00:00", "2026-02-30 10:00:00", "2026-01-15 24:00:00", "", 42]) {
      expect(parseExpiresAt(text)).toBeNull();
    }
  });
});

describe("toCachedToken", () => {
  it("uses expires_at when it lies beyond the margin", () => {
    expect(toCachedToken({ token: "t", expires_in: 3600, expires_at: "2026-01-15 12:30:00" }, NOW, 60_000)).toEqual({
      token: "t",
      expiresAt: Date.UTC(2026, 0, 15, 12, 30, 0),
    });
  });

  it("counts expires_in from receipt when expires_at is unparsable or already stale", () => {
    expect(toCachedToken({ token: "t", expires_in: 3600, expires_at: "tomorrow" }, NOW, 60_000).expiresAt).toBe(NOW + 3_600_000);
    expect(toCachedToken({ token: "t", expires_in: 3600, expires_at: "2020-01-01 00:00:00" }, NOW, 60_000).expiresAt).toBe(
      NOW + 3_600_000,
    );
  });

  it("falls back to the documented hour when neither is usable", () => {
    expect(toCachedToken({ token: "t" }, NOW, 60_000).expiresAt).toBe(NOW + DEFAULT_TOKEN_LIFETIME_MS);
  });
});

describe("isFresh", () => {
  it("is false from refreshMarginMs before expiry on", () => {
    const token = { token: "t", expiresAt: NOW + 60_000 };
    expect(isFresh(token, NOW - 1, 60_000)).toBe(true);
    expect(isFresh(token, NOW, 60_000)).toBe(false);
  });
});
