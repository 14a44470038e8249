import { describe, expect, it } from "vitest";
import { parseMoneyInput } from "./parse-money-input";

describe("a typed amount", () => {
  it("is read in the currency's own decimals", () => {
    expect(parseMoneyInput("1000", "JPY")).toEqual({ ok: true, value: { minor: 1000, currency: "JPY" } });
    expect(parseMoneyInput(" 25,5 ", "USD")).toEqual({ ok: true, value: { minor: 2550, currency: "USD" } });
    expect(parseMoneyInput("1.234", "KWD")).toEqual({ ok: true, value: { minor: 1234, currency: "KWD" } });
    expect(parseMoneyInput("1.2", "KWD")).toEqual({ ok: true, value: { minor: 1200, currency: "KWD" } });
  });

  it("is refused with a message naming the currency's decimals", () => {
    expect(parseMoneyInput("10.5", "JPY")).toEqual({ ok: false, error: "Enter a whole number: JPY has no decimals" });
    expect(parseMoneyInput("10.505", "USD")).toEqual({ ok: false, error: "Enter at most 2 decimals: USD has 2" });
    expect(parseMoneyInput("1.2345", "KWD")).toEqual({ ok: false, error: "Enter at most 3 decimals: KWD has 3" });
    expect(parseMoneyInput("", "USD")).toEqual({ ok: false, error: "Enter an amount" });
    expect(parseMoneyInput("-5", "USD")).toEqual({ ok: false, error: "Enter a number such as 25.50" });
    expect(parseMoneyInput("ten", "JPY")).toEqual({ ok: false, error: "Enter a number such as 25" });
    expect(parseMoneyInput("10", "XYZ")).toEqual({ ok: false, error: "Amounts in XYZ cannot be taken" });
    expect(parseMoneyInput("1234567890", "USD")).toEqual({ ok: false, error: "Enter a number such as 25.50" });
  });
});
