import { describe, expect, it } from "vitest";
import { retailPrice, scaledDecimal, type PricingPolicy } from "./pricing";

const policy: PricingPolicy = { storeCurrency: "USD", exchangeRates: { EUR: "1.08", TRY: "0.029" }, markupPercent: "10" };

describe("retailPrice", () => {
  it("adds the markup in the store currency", () => {
    expect(retailPrice(950, "USD", policy)).toEqual({ ok: true, value: { minor: 1045, currency: "USD" } });
  });

  it("converts with the configured rate and rounds up to the cent", () => {
    // 9.99 EUR × 1.08 × 1.10 = 11.86812 → 11.87
    expect(retailPrice(999, "EUR", policy)).toEqual({ ok: true, value: { minor: 1187, currency: "USD" } });
    // 100.00 TRY × 0.029 × 1.10 = 3.19 exactly: no rounding up from float noise
    expect(retailPrice(10000, "TRY", policy)).toEqual({ ok: true, value: { minor: 319, currency: "USD" } });
  });

  it("never sells below cost with a zero markup", () => {
    const flat = { ...policy, markupPercent: "0" };
    expect(retailPrice(1, "EUR", flat)).toEqual({ ok: true, value: { minor: 2, currency: "USD" } });
    expect(retailPrice(0, "USD", flat)).toEqual({ ok: true, value: { minor: 0, currency: "USD" } });
  });

  it("accepts fractional markups exactly", () => {
    expect(retailPrice(10000, "USD", { ...policy, markupPercent: "7.5" })).toEqual({ ok: true, value: { minor: 10750, currency: "USD" } });
  });

  it("reports a currency without a rate and a bad cost as values", () => {
    expect(retailPrice(100, "GBP", policy)).toEqual({ ok: false, error: { code: "no_exchange_rate", currency: "GBP" } });
    expect(retailPrice(-1, "USD", policy)).toEqual({ ok: false, error: { code: "invalid_cost", costMinor: -1 } });
    expect(retailPrice(1.5, "USD", policy)).toEqual({ ok: false, error: { code: "invalid_cost", costMinor: 1.5 } });
  });

  it("rejects text that is not a plain decimal", () => {
    expect(() => scaledDecimal("1e3")).toThrow(/not a plain decimal/);
    expect(() => scaledDecimal("-1")).toThrow(/not a plain decimal/);
    expect(scaledDecimal("1.08")).toBe(108_000_000n);
  });
});
