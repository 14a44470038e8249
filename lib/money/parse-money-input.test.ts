import { describe, expect, it } from "vitest";
import { moneyInputProblemText, parseMoneyInput } from "./parse-money-input";

const problem = (text: string, currency: string) => {
  const read = parseMoneyInput(text, currency);
  return read.ok ? null : moneyInputProblemText(read.error);
};

describe("a typed amount", () => {
  it("is read in the currency's own decimals", () => {
    expect(parseMoneyInput("1000", "JPY")).toEqual({ ok: true, value: { minor: 1000, currency: "JPY" } });
    expect(parseMoneyInput(" 25,5 ", "USD")).toEqual({ ok: true, value: { minor: 2550, currency: "USD" } });
    expect(parseMoneyInput("1.234", "KWD")).toEqual({ ok: true, value: { minor: 1234, currency: "KWD" } });
    expect(parseMoneyInput("1.2", "KWD")).toEqual({ ok: true, value: { minor: 1200, currency: "KWD" } });
  });

  it("is refused with a problem that names the currency's decimals", () => {
    expect(parseMoneyInput("10.5", "JPY")).toEqual({ ok: false, error: { code: "whole_number", currency: "JPY" } });
    expect(parseMoneyInput("10.505", "USD")).toEqual({ ok: false, error: { code: "too_many_decimals", currency: "USD", decimals: 2 } });
    expect(problem("10.5", "JPY")).toBe("Enter a whole number: JPY has no decimals");
    expect(problem("10.505", "USD")).toBe("Enter at most 2 decimals: USD has 2");
    expect(problem("1.2345", "KWD")).toBe("Enter at most 3 decimals: KWD has 3");
    expect(problem("", "USD")).toBe("Enter an amount");
    expect(problem("-5", "USD")).toBe("Enter a number such as 25.50");
    expect(problem("ten", "JPY")).toBe("Enter a number such as 25");
    expect(problem("10", "XYZ")).toBe("Amounts in XYZ cannot be taken");
    expect(problem("1234567890", "USD")).toBe("Enter a number such as 25.50");
  });
});
