import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money/format-money";
import { retailPrice, scaledDecimal, type PricingPolicy } from "./pricing";

const policy: PricingPolicy = { storeCurrency: "USD", exchangeRates: { EUR: "1.08", TRY: "0.029" }, markupPercent: "10" };
const usd = (minor: number) => ({ minor, currency: "USD" });

describe("retailPrice", () => {
  it("adds the markup in the store currency", () => {
    expect(retailPrice(usd(950), policy)).toEqual({ ok: true, value: usd(1045) });
  });

  it("converts with the configured rate and rounds up to the cent", () => {
    // 9.99 EUR × 1.08 × 1.10 = 11.86812 → 11.87
    expect(retailPrice({ minor: 999, currency: "EUR" }, policy)).toEqual({ ok: true, value: usd(1187) });
    // 100.00 TRY × 0.029 × 1.10 = 3.19 exactly: no rounding up from float noise
    expect(retailPrice({ minor: 10000, currency: "TRY" }, policy)).toEqual({ ok: true, value: usd(319) });
  });

  it("never sells below cost with a zero markup", () => {
    const flat = { ...policy, markupPercent: "0" };
    expect(retailPrice({ minor: 1, currency: "EUR" }, flat)).toEqual({ ok: true, value: usd(2) });
    expect(retailPrice(usd(0), flat)).toEqual({ ok: true, value: usd(0) });
  });

  it("accepts fractional markups exactly", () => {
    expect(retailPrice(usd(10000), { ...policy, markupPercent: "7.5" })).toEqual({ ok: true, value: usd(10750) });
  });

  it("reports a currency without a rate and a bad cost as values", () => {
    expect(retailPrice({ minor: 100, currency: "GBP" }, policy)).toEqual({ ok: false, error: { code: "no_exchange_rate", currency: "GBP" } });
    expect(retailPrice(usd(-1), policy)).toEqual({ ok: false, error: { code: "invalid_cost", cost: usd(-1) } });
    expect(retailPrice(usd(1.5), policy)).toEqual({ ok: false, error: { code: "invalid_cost", cost: usd(1.5) } });
    const huge = retailPrice(usd(Number.MAX_SAFE_INTEGER), policy);
    expect(huge).toMatchObject({ ok: false, error: { code: "price_too_large" } });
  });

  it("rejects text that is not a plain decimal", () => {
    expect(() => scaledDecimal("1e3")).toThrow(/not a plain decimal/);
    expect(() => scaledDecimal("-1")).toThrow(/not a plain decimal/);
    expect(scaledDecimal("1.08")).toBe(108_000_000n);
  });
});

// The examples: costs were scaled by 100 whatever the store's currency.
describe("retailPrice across currency exponents", () => {
  const flat = (storeCurrency: string, exchangeRates: Record<string, string>) => ({ storeCurrency, exchangeRates, markupPercent: "0" });

  it("prices a $10 cost at ¥1,650 in a JPY shop, not ¥165,000", () => {
    const price = retailPrice(usd(1000), flat("JPY", { USD: "165" }));
    expect(price).toEqual({ ok: true, value: { minor: 1650, currency: "JPY" } });
    if (price.ok) expect(formatMoney(price.value)).toBe("¥1,650");
  });

  it("prices a $10 cost at 3.070 KWD in a KWD shop, not a tenth of it", () => {
    const price = retailPrice(usd(1000), flat("KWD", { USD: "0.307" }));
    expect(price).toEqual({ ok: true, value: { minor: 3070, currency: "KWD" } });
    if (price.ok) expect(formatMoney(price.value)).toBe("KWD\u00a03.070");
  });

  it("prices ¥1000 at $6.70 in a USD shop, not $0.07", () => {
    expect(retailPrice({ minor: 1000, currency: "JPY" }, flat("USD", { JPY: "0.0067" }))).toEqual({ ok: true, value: usd(670) });
  });

  it("rounds a KWD price up to the 10 fils Stripe can charge", () => {
    // 10.01 USD × 0.307 = 3.07307 KWD → 3.074 → 3.080 (Stripe needs the last digit 0).
    expect(retailPrice(usd(1001), flat("KWD", { USD: "0.307" }))).toEqual({ ok: true, value: { minor: 3080, currency: "KWD" } });
  });
});
