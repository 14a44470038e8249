import { describe, expect, it } from "vitest";
import { changeStoreCurrency, currenciesNeeded } from "./change-store-currency";
import { ruleContentSchema } from "./rule-set";

const usd = ruleContentSchema.parse({
  storeCurrency: "USD",
  paymentFee: { percent: "2.9", fixedMinor: 30 },
  rates: { EUR: { rate: "1.08", setAt: 1 } },
  global: { markupPercent: "10", fixedMinor: 25, tiers: [{ fromCostMinor: 10_000, markupPercent: "5" }], minMargin: { minor: 50 }, rounding: { mode: "step", stepMinor: 5 } },
  brands: { vaultline: { markupPercent: "3", rounding: { mode: "charm_99" } } },
});

describe("changing the store currency", () => {
  it("needs a rate for every upstream currency, every rated one and the old store currency, never the new one", () => {
    expect(currenciesNeeded(usd, "JPY", ["USD", "GBP", "JPY"])).toEqual(["EUR", "GBP", "USD"]);
    expect(currenciesNeeded(usd, "EUR", ["USD"])).toEqual(["USD"]);
  });

  it("refuses naming every missing rate, and the change to the same currency", () => {
    expect(changeStoreCurrency(usd, ["USD", "GBP"], { to: "JPY", rates: { USD: "150", EUR: "" }, now: 9 })).toMatchObject({
      ok: false,
      error: { code: "missing_rates", currencies: ["EUR", "GBP"] },
    });
    expect(changeStoreCurrency(usd, ["USD"], { to: "USD", rates: {}, now: 9 })).toMatchObject({ ok: false, error: { code: "same_currency" } });
  });

  it("converts every minor amount with both exponents, rounding up: cents to yen (0 decimals)", () => {
    const changed = changeStoreCurrency(usd, ["USD"], { to: "JPY", rates: { USD: "150.5", EUR: "162" }, now: 9 });
    if (!changed.ok) throw new Error(changed.error.message);
    const jpy = changed.value;
    expect(jpy.storeCurrency).toBe("JPY");
    expect(jpy.rates).toEqual({ EUR: { rate: "162", setAt: 9 }, USD: { rate: "150.5", setAt: 9 } });
    // 30 cents × 150.5 = 45.15 yen → 46; 25 cents → 37.625 → 38; $100 → 15,050 yen; 50 cents → 75.25 → 76.
    expect(jpy.paymentFee).toEqual({ percent: "2.9", fixedMinor: 46 });
    expect(jpy.global).toMatchObject({ markupPercent: "10", fixedMinor: 38, tiers: [{ fromCostMinor: 15_050, markupPercent: "5" }], minMargin: { minor: 76 } });
    // A 5-cent step is 7.525 yen: 8, a multiple of the yen's charge step of 1.
    expect(jpy.global.rounding).toEqual({ mode: "step", stepMinor: 8 });
    expect(jpy.brands.vaultline?.rounding).toEqual({ mode: "charm_99" });
  });

  it("converts to a currency of 3 decimals and keeps steps chargeable there (KWD: 10 fils)", () => {
    const changed = changeStoreCurrency(usd, ["USD"], { to: "KWD", rates: { USD: "0.307", EUR: "0.33" }, now: 9 });
    if (!changed.ok) throw new Error(changed.error.message);
    // 30 cents × 0.307 = 0.0921 KWD = 92.1 fils → 93; a 5-cent step is 15.35 fils → 20 (a multiple of 10).
    expect(changed.value.paymentFee.fixedMinor).toBe(93);
    expect(changed.value.global.rounding).toEqual({ mode: "step", stepMinor: 20 });
  });

  it("refuses rules that stop being valid once converted: tiers that collapse into one amount", () => {
    const jpy = ruleContentSchema.parse({ storeCurrency: "JPY", global: { tiers: [{ fromCostMinor: 101, markupPercent: "5" }, { fromCostMinor: 102, markupPercent: "4" }] } });
    expect(changeStoreCurrency(jpy, ["JPY"], { to: "USD", rates: { JPY: "0.001" }, now: 9 })).toMatchObject({ ok: false, error: { code: "invalid" } });
  });
});
