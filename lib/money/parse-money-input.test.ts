import { describe, expect, it } from "vitest";
import { parseMoneyInput } from "./parse-money-input";

const problem = (text: string, currency: string) => {
  const read = parseMoneyInput(text, currency);
  return read.ok ? null : read.error;
};

describe("a typed amount", () => {
  it("is read in the currency's own decimals", () => {
    expect(parseMoneyInput("1000", "JPY")).toEqual({ ok: true, value: { minor: 1000, currency: "JPY" } });
    expect(parseMoneyInput(" 25,5 ", "USD")).toEqual({ ok: true, value: { minor: 2550, currency: "USD" } });
    expect(parseMoneyInput("1.234", "KWD")).toEqual({ ok: true, value: { minor: 1234, currency: "KWD" } });
    expect(parseMoneyInput("1.2", "KWD")).toEqual({ ok: true, value: { minor: 1200, currency: "KWD" } });
  });

  it("is refused with a problem that names the currency's decimals (worded in lib/i18n)", () => {
    expect(problem("10.5", "JPY")).toEqual({ code: "whole_number", currency: "JPY" });
    expect(problem("10.505", "USD")).toEqual({ code: "too_many_decimals", currency: "USD", decimals: 2 });
    expect(problem("1.2345", "KWD")).toEqual({ code: "too_many_decimals", currency: "KWD", decimals: 3 });
    expect(problem("", "USD")).toEqual({ code: "empty" });
    expect(problem("-5", "USD")).toEqual({ code: "not_a_number", example: "25.50" });
    expect(problem("ten", "JPY")).toEqual({ code: "not_a_number", example: "25" });
    expect(problem("10", "XYZ")).toEqual({ code: "unknown_currency", currency: "XYZ" });
    expect(problem("1234567890", "USD")).toEqual({ code: "not_a_number", example: "25.50" });
  });
});
