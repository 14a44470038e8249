import { describe, expect, it } from "vitest";
import { chargeExceedsQuote, type ConversionRates } from "./charge-check";

const usdStore: ConversionRates = { storeCurrency: "USD", exchangeRates: { EUR: "1.08" } };

describe("chargeExceedsQuote", () => {
  it("keeps the same-currency rule: above cost × (1 + tolerance), with no rate needed", () => {
    const cost = { minor: 1000, currency: "EUR" };
    const noRates: ConversionRates = { storeCurrency: "USD", exchangeRates: {} };
    expect(chargeExceedsQuote(cost, { minor: 1000, currency: "EUR" }, noRates, 0)).toEqual({ ok: true, value: false });
    expect(chargeExceedsQuote(cost, { minor: 1001, currency: "EUR" }, noRates, 0)).toEqual({ ok: true, value: true });
    expect(chargeExceedsQuote(cost, { minor: 1050, currency: "EUR" }, noRates, 5)).toEqual({ ok: true, value: false });
    expect(chargeExceedsQuote(cost, { minor: 1051, currency: "EUR" }, noRates, 5)).toEqual({ ok: true, value: true });
  });

  it("does not take a charge in the partner's balance currency as a price change", () => {
    // 10.00 EUR quoted; upstream debits the USD balance 10.80 at the shop's own rate of 1.08.
    const cost = { minor: 1000, currency: "EUR" };
    expect(chargeExceedsQuote(cost, { minor: 1080, currency: "USD" }, usdStore, 0)).toEqual({ ok: true, value: false });
    expect(chargeExceedsQuote(cost, { minor: 1081, currency: "USD" }, usdStore, 0)).toEqual({ ok: true, value: true });
    expect(chargeExceedsQuote(cost, { minor: 1134, currency: "USD" }, usdStore, 5)).toEqual({ ok: true, value: false });
    expect(chargeExceedsQuote(cost, { minor: 1135, currency: "USD" }, usdStore, 5)).toEqual({ ok: true, value: true });
  });

  it("values both sides in the store currency when neither is it", () => {
    const rates: ConversionRates = { storeCurrency: "EUR", exchangeRates: { USD: "0.92", GBP: "1.17" } };
    // 10.00 USD is 9.20 EUR; 7.86 GBP is 9.1962 EUR, 7.87 GBP 9.2079 EUR.
    const cost = { minor: 1000, currency: "USD" };
    expect(chargeExceedsQuote(cost, { minor: 786, currency: "GBP" }, rates, 0)).toEqual({ ok: true, value: false });
    expect(chargeExceedsQuote(cost, { minor: 787, currency: "GBP" }, rates, 0)).toEqual({ ok: true, value: true });
  });

  it("counts each side in its own minor unit: JPY 0 digits against KWD 3", () => {
    const rates: ConversionRates = { storeCurrency: "JPY", exchangeRates: { KWD: "500" } };
    const cost = { minor: 1000, currency: "JPY" };
    // 2.000 KWD is 1000 yen; 2.001 KWD is 1000.5 yen.
    expect(chargeExceedsQuote(cost, { minor: 2000, currency: "KWD" }, rates, 0)).toEqual({ ok: true, value: false });
    expect(chargeExceedsQuote(cost, { minor: 2001, currency: "KWD" }, rates, 0)).toEqual({ ok: true, value: true });
    // And the other way round: 1.999 KWD quoted (999.5 yen), 1000 yen charged.
    expect(chargeExceedsQuote({ minor: 1999, currency: "KWD" }, cost, rates, 0)).toEqual({ ok: true, value: true });
  });

  it("answers no_rate, never a rate of 1 or 0, when a side's currency has no usable rate", () => {
    const cost = { minor: 1000, currency: "EUR" };
    const noEur: ConversionRates = { storeCurrency: "USD", exchangeRates: {} };
    expect(chargeExceedsQuote(cost, { minor: 1, currency: "USD" }, noEur, 0)).toEqual({ ok: false, error: { code: "no_rate", currency: "EUR" } });
    expect(chargeExceedsQuote(cost, { minor: 1, currency: "GBP" }, usdStore, 0)).toEqual({ ok: false, error: { code: "no_rate", currency: "GBP" } });
    const zeroGbp: ConversionRates = { storeCurrency: "USD", exchangeRates: { EUR: "1.08", GBP: "0" } };
    expect(chargeExceedsQuote(cost, { minor: 999_999, currency: "GBP" }, zeroGbp, 0)).toEqual({ ok: false, error: { code: "no_rate", currency: "GBP" } });
  });
});
