import { describe, expect, it } from "vitest";
import { isPartnerTransactionTime, parseDay } from "./revise-dates";

describe("revise date formats", () => {
  it("parses both day formats to midnight UTC and refuses dates that do not exist", () => {
    expect(parseDay("15.01.2026")).toBe(Date.UTC(2026, 0, 15));
    expect(parseDay("2026-01-15")).toBe(Date.UTC(2026, 0, 15));
    expect(parseDay("29.02.2024")).toBe(Date.UTC(2024, 1, 29));
    for (const bad of ["29.02.2026", "2026-13-01", "2026-1-5", "15.01.26", "2026-01-15 ", "00.01.2026"]) {
      expect(parseDay(bad)).toBeNull();
    }
  });

  it.each([
    ["15.01.2026 12:30:00", true],
    ["2026-01-15 12:30:00", true],
    ["2026-01-15T12:30:00Z", true],
    ["2026-01-15T12:30:00.123+03:00", true],
    ["2026-01-15T12:30", true],
    ["2026-01-15T12:30:00+0530", true],
    ["15.01.2026 24:00:00", false],
    ["15.01.2026 12:60:00", false],
    ["31.04.2026 12:00:00", false],
    ["2026-01-15T12:30:00+25:00", false],
    ["15.01.2026", false],
    ["yesterday", false],
  ])("transaction_time %s → %s", (text, valid) => {
    expect(isPartnerTransactionTime(text)).toBe(valid);
  });
});
