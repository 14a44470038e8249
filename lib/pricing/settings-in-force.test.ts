import { describe, expect, it } from "vitest";
import { rulesFromSettings } from "./rules-from-settings";
import { overriddenSettings } from "./settings-in-force";

const seeded = { storeCurrency: "USD", exchangeRates: { EUR: "1.08" }, markupPercent: "8" };
const first = rulesFromSettings(seeded, 0);

describe("price settings the rules in force override", () => {
  it("are none while the settings still match the rules", () => {
    expect(overriddenSettings({ ...seeded, exchangeRates: { EUR: "1.080" }, markupPercent: "8.0" }, first)).toEqual([]);
  });

  it("name each setting, what it says and what prices use instead", () => {
    const restarted = { storeCurrency: "JPY", exchangeRates: { EUR: "160" }, markupPercent: "12" };
    expect(overriddenSettings(restarted, first)).toEqual([
      { setting: "STORE_CURRENCY", configured: "JPY", inForce: "USD" },
      { setting: "EXCHANGE_RATES", configured: "EUR=160", inForce: "EUR=1.08" },
      { setting: "PRICE_MARKUP_PERCENT", configured: "12", inForce: "8" },
    ]);
  });
});
