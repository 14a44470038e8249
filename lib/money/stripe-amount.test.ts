import { describe, expect, it } from "vitest";
import { currencyExponent } from "./currency";
import { moneyFromDecimal } from "./decimal";
import type { Money } from "./money";
import { chargeStepMinor, toStripeAmount } from "./stripe-amount";

/** 5 units of a currency (5 dollars, 5 yen, 5 dinars) as Money, through the wire path. */
function units(value: number, currency: string): Money {
  const money = moneyFromDecimal(value, currency);
  if (!money.ok) throw new Error(money.error.code);
  return money.value;
}

// Stripe's currency guide, "Zero-decimal currencies" and "Three-decimal currencies".
const STRIPE_ZERO_DECIMAL = ["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"];
const STRIPE_THREE_DECIMAL = ["BHD", "JOD", "KWD", "OMR", "TND"];

describe("Stripe amounts", () => {
  it("charges zero-decimal currencies in whole units: 500 JPY is 500", () => {
    for (const currency of STRIPE_ZERO_DECIMAL) {
      // Our minor unit agrees with Stripe's for each of them, so a displayed price is the charge.
      expect([currency, currencyExponent(currency)]).toEqual([currency, 0]);
      expect(toStripeAmount(units(500, currency))).toEqual({ ok: true, value: { amount: 500, currency: currency.toLowerCase() } });
    }
  });

  it("charges two-decimal currencies in hundredths: 10 USD is 1000", () => {
    for (const currency of ["USD", "EUR", "GBP", "TWD"]) {
      expect(toStripeAmount(units(10, currency))).toMatchObject({ ok: true, value: { amount: 1000 } });
    }
  });

  it("charges three-decimal currencies in thousandths ending in 0", () => {
    for (const currency of STRIPE_THREE_DECIMAL) {
      expect([currency, currencyExponent(currency)]).toEqual([currency, 3]);
      expect(toStripeAmount(units(5.12, currency))).toMatchObject({ ok: true, value: { amount: 5120 } });
      expect(toStripeAmount(units(5.124, currency))).toMatchObject({ ok: false, error: { code: "not_chargeable" } });
      expect(chargeStepMinor(currency)).toBe(10);
    }
  });

  it("follows Stripe's special cases: ISK and HUF sent as two-decimal whole units", () => {
    // Intl (CLDR) gives both 0 decimals; Stripe wants 5 ISK as 500 and HUF as two-decimal.
    expect(toStripeAmount(units(5, "ISK"))).toEqual({ ok: true, value: { amount: 500, currency: "isk" } });
    expect(toStripeAmount(units(5, "HUF"))).toEqual({ ok: true, value: { amount: 500, currency: "huf" } });
    expect(chargeStepMinor("ISK")).toBe(1);
    expect(chargeStepMinor("USD")).toBe(1);
    expect(chargeStepMinor("JPY")).toBe(1);
  });

  it("refuses what cannot be charged, saying why", () => {
    const negative = toStripeAmount({ minor: -1, currency: "USD" });
    expect(negative).toMatchObject({ ok: false, error: { code: "not_chargeable", message: expect.stringContaining("USD") } });
  });
});
