import { describe, expect, it } from "vitest";
import { moneyFromDecimal, toDecimalString } from "./decimal";

const minorOf = (value: number, currency: string, rounding?: "half-away" | "up") => {
  const result = moneyFromDecimal(value, currency, rounding);
  return result.ok ? result.value.minor : result.error.code;
};

describe("money from a wire decimal", () => {
  it("scales by the currency's own exponent", () => {
    expect(moneyFromDecimal(10, "USD")).toEqual({ ok: true, value: { minor: 1000, currency: "USD" } });
    expect(minorOf(1000, "JPY")).toBe(1000);
    expect(minorOf(3.07, "KWD")).toBe(3070);
    expect(minorOf(1.234, "KWD")).toBe(1234);
  });

  it("is exact where float multiplication is not", () => {
    expect(minorOf(0.1 + 0.2, "USD")).toBe(30);
    expect(minorOf(1.005, "USD")).toBe(101); // 1.005 * 100 is 100.49999… in floats
    expect(minorOf(-2.675, "USD")).toBe(-268);
    expect(minorOf(1.15, "KWD")).toBe(1150);
    expect(minorOf(1e21, "JPY")).toBe("invalid_amount");
    expect(minorOf(123456789.12, "USD")).toBe(12345678912);
    expect(minorOf(1e-7, "USD", "up")).toBe(1); // JSON may carry exponent notation
    expect(minorOf(1.5e3, "KWD")).toBe(1_500_000);
  });

  it("rounds extra digits half away from zero, or up for costs", () => {
    expect(minorOf(10.5, "JPY")).toBe(11);
    expect(minorOf(10.4, "JPY")).toBe(10);
    expect(minorOf(10.4, "JPY", "up")).toBe(11);
    expect(minorOf(10, "JPY", "up")).toBe(10);
    expect(minorOf(-10.4, "JPY", "up")).toBe(-10);
  });

  it("refuses what is not money", () => {
    expect(minorOf(Number.NaN, "USD")).toBe("invalid_amount");
    expect(minorOf(Number.POSITIVE_INFINITY, "USD")).toBe("invalid_amount");
    expect(moneyFromDecimal(1, "XYZ")).toMatchObject({ ok: false, error: { code: "unknown_currency", currency: "XYZ" } });
  });
});

describe("money to a decimal string", () => {
  it("writes exactly the currency's decimals", () => {
    expect(toDecimalString({ minor: 1999, currency: "USD" })).toBe("19.99");
    expect(toDecimalString({ minor: 5, currency: "USD" })).toBe("0.05");
    expect(toDecimalString({ minor: -5, currency: "USD" })).toBe("-0.05");
    expect(toDecimalString({ minor: 1650, currency: "JPY" })).toBe("1650");
    expect(toDecimalString({ minor: 3070, currency: "KWD" })).toBe("3.070");
  });
});
