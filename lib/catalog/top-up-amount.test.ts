import { describe, expect, it } from "vitest";
import { parseAmount, type BalanceTerms } from "./parse-amount";

const terms: BalanceTerms = {
  currency: "USD",
  discountPercent: 2.5,
  minMinor: 500,
  maxMinor: 50_000,
  policy: { storeCurrency: "USD", exchangeRates: { EUR: "1.08" }, markupPercent: "8" },
};

describe("balance top-up amount", () => {
  it("prices the amount less our discount, with the store's markup", () => {
    // 25.00 less 2.5% = 24.38 (half away from zero); +8% = 26.3304 → 26.34 (rounded up).
    expect(parseAmount("25", terms)).toEqual({ ok: true, amountMinor: 2500, price: { minor: 2634, currency: "USD" } });
    expect(parseAmount(" 25.5 ", terms)).toMatchObject({ ok: true, amountMinor: 2550 });
    expect(parseAmount("25,50", terms)).toMatchObject({ ok: true, amountMinor: 2550 });
  });

  it("converts from the service's currency", () => {
    const euro = { ...terms, currency: "EUR", minMinor: null, maxMinor: null, discountPercent: 0 };
    // 10.00 EUR × 1.08 × 1.08 = 11.664 → 11.67 USD.
    expect(parseAmount("10", euro)).toEqual({ ok: true, amountMinor: 1000, price: { minor: 1167, currency: "USD" } });
  });

  it("explains what is wrong with an amount", () => {
    expect(parseAmount("", terms)).toEqual({ ok: false, message: "Enter an amount" });
    expect(parseAmount("ten", terms)).toEqual({ ok: false, message: "Enter a number with at most 2 decimals" });
    expect(parseAmount("10.505", terms)).toEqual({ ok: false, message: "Enter a number with at most 2 decimals" });
    expect(parseAmount("-5", terms)).toEqual({ ok: false, message: "Enter a number with at most 2 decimals" });
    expect(parseAmount("0", { ...terms, minMinor: null })).toEqual({ ok: false, message: "Enter an amount above zero" });
    expect(parseAmount("4.99", terms)).toEqual({ ok: false, message: "The smallest top-up is $5.00" });
    expect(parseAmount("500.01", terms)).toEqual({ ok: false, message: "The largest top-up is $500.00" });
  });

  it("takes whole numbers only in a currency without minor units", () => {
    const yen = { ...terms, currency: "JPY", minMinor: null, maxMinor: null, policy: { ...terms.policy, exchangeRates: { JPY: "0.0067" } } };
    expect(parseAmount("1000", yen)).toMatchObject({ ok: true, amountMinor: 1000 });
    expect(parseAmount("10.5", yen)).toEqual({ ok: false, message: "Enter a whole number" });
  });

  it("refuses an amount it cannot price", () => {
    const unknown = { ...terms, currency: "TRY", minMinor: null, maxMinor: null };
    expect(parseAmount("100", unknown)).toEqual({ ok: false, message: "This top-up cannot be priced right now" });
  });
});
