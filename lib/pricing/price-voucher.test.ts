import { describe, expect, it } from "vitest";
import { compileRules } from "./compile-rules";
import { priceVoucher, type PriceInput } from "./price-voucher";
import { ruleSetSchema, type RuleInput, type RuleSet } from "./rule-set";
import { rulesFromSettings } from "./rules-from-settings";

const usd = (minor: number) => ({ minor, currency: "USD" });

function rules(global: RuleInput, extra: Partial<Record<"brands" | "services" | "vouchers", Record<string, RuleInput>>> & { fee?: { percent: string; fixedMinor: number }; store?: string; rates?: Record<string, string> } = {}): ReturnType<typeof compileRules> {
  const set: RuleSet = ruleSetSchema.parse({
    version: 7,
    savedAt: 0,
    savedBy: "owner@example.com",
    note: "",
    storeCurrency: extra.store ?? "USD",
    paymentFee: extra.fee ?? { percent: "0", fixedMinor: 0 },
    rates: Object.fromEntries(Object.entries(extra.rates ?? { EUR: "1.08" }).map(([code, rate]) => [code, { rate, setAt: 0 }])),
    global,
    brands: extra.brands ?? {},
    services: extra.services ?? {},
    vouchers: extra.vouchers ?? {},
  });
  return compileRules(set);
}

const input = (cost: PriceInput["cost"], more: Partial<PriceInput> = {}): PriceInput => ({
  cost,
  faceValue: null,
  serviceId: 1,
  voucherId: 11,
  brand: "Vaultline",
  ...more,
});

const priceOf = (result: ReturnType<typeof priceVoucher>) => (result.ok ? result.value.price.minor : result.error.code);

describe("priceVoucher: the settings' first version", () => {
  const first = compileRules(rulesFromSettings({ storeCurrency: "USD", exchangeRates: { EUR: "1.08", TRY: "0.029" }, markupPercent: "10" }, 0));

  it("prices as the single global markup did", () => {
    expect(priceOf(priceVoucher(input(usd(950)), first))).toBe(1045);
    // 9.99 EUR × 1.08 × 1.10 = 11.86812 → 11.87
    expect(priceOf(priceVoucher(input({ minor: 999, currency: "EUR" }), first))).toBe(1187);
    // 100.00 TRY × 0.029 × 1.10 = 3.19 exactly: no rounding up from float noise
    expect(priceOf(priceVoucher(input({ minor: 10000, currency: "TRY" }), first))).toBe(319);
  });

  it("reports the version, the rule, the cost in the store currency and the margin", () => {
    const result = priceVoucher(input({ minor: 999, currency: "EUR" }), first);
    expect(result).toEqual({
      ok: true,
      value: {
        price: usd(1187),
        cost: usd(1079), // 10.7892 rounded up
        margin: usd(108), // 11.87 − 10.7892 = 1.0808, rounded down
        ruleVersion: 1,
        appliedRule: { level: "global", id: "global" },
        flags: { thin: false, negative: false, aboveFaceValue: false },
      },
    });
  });

  it("turns a fixed fee in units into store minor units, rounded up", () => {
    const set = rulesFromSettings({ storeCurrency: "KWD", exchangeRates: {}, markupPercent: "0", paymentFee: { percent: "2.9", fixed: "0.1234" } }, 5);
    expect(set.paymentFee).toEqual({ percent: "2.9", fixedMinor: 124 });
    expect(set.version).toBe(1);
  });
});

describe("rounding modes, always up, in integer minor units", () => {
  const with_ = (rounding: RuleInput["rounding"]) => rules({ markupPercent: "0", rounding });
  const at = (minor: number, rounding: RuleInput["rounding"]) => priceOf(priceVoucher(input(usd(minor)), with_(rounding)));

  it("charm .99: 10.50 becomes 10.99, never 10.29", () => {
    expect(at(1050, { mode: "charm_99" })).toBe(1099);
    expect(at(1099, { mode: "charm_99" })).toBe(1099);
    expect(at(1100, { mode: "charm_99" })).toBe(1199);
    expect(at(5, { mode: "charm_99" })).toBe(99);
  });

  it(".49/.99 picks the next of either", () => {
    expect(at(1020, { mode: "charm_49_99" })).toBe(1049);
    expect(at(1049, { mode: "charm_49_99" })).toBe(1049);
    expect(at(1050, { mode: "charm_49_99" })).toBe(1099);
  });

  it("whole units and steps", () => {
    expect(at(1001, { mode: "whole" })).toBe(1100);
    expect(at(1000, { mode: "whole" })).toBe(1000);
    expect(at(1001, { mode: "step", stepMinor: 5 })).toBe(1005);
    expect(at(1005, { mode: "step", stepMinor: 5 })).toBe(1005);
    expect(at(1001, { mode: "none" })).toBe(1001);
  });

  it("follows each currency's minor unit (JPY 0, KWD 3)", () => {
    const jpy = rules({ markupPercent: "0", rounding: { mode: "charm_99" } }, { store: "JPY", rates: { USD: "150" } });
    expect(priceOf(priceVoucher(input(usd(1000)), jpy))).toBe(1599); // ¥1,500 → ¥1,599
    const kwd = rules({ markupPercent: "0", rounding: { mode: "charm_99" } }, { store: "KWD", rates: { USD: "0.307" } });
    expect(priceOf(priceVoucher(input(usd(1000)), kwd))).toBe(3990); // 3.070 → 3.990
    const kwdNone = rules({ markupPercent: "0" }, { store: "KWD", rates: { USD: "0.307" } });
    // 10.01 USD × 0.307 = 3.07307 KWD → 3.080: Stripe needs the last digit 0.
    expect(priceOf(priceVoucher(input(usd(1001)), kwdNone))).toBe(3080);
  });

  it("refuses a step the payment provider cannot charge", () => {
    expect(() => rules({ rounding: { mode: "step", stepMinor: 5 } }, { store: "KWD" })).toThrow(/multiple of 10/);
  });
});

describe("levels: the most specific rule wins", () => {
  const set = rules(
    { markupPercent: "10" },
    {
      brands: { vaultline: { markupPercent: "20" } },
      services: { "2": { markupPercent: "30" } },
      vouchers: { "22": { markupPercent: "40" } },
    },
  );
  const at = (more: Partial<PriceInput>) => priceVoucher(input(usd(1000), more), set);

  it("voucher over service over brand over global", () => {
    expect(at({ brand: "Other", serviceId: 1, voucherId: 11 })).toMatchObject({ value: { price: usd(1100), appliedRule: { level: "global", id: "global" } } });
    expect(at({ brand: "VAULTLINE ", serviceId: 1, voucherId: 11 })).toMatchObject({ value: { price: usd(1200), appliedRule: { level: "brand", id: "vaultline" } } });
    expect(at({ serviceId: 2, voucherId: 11 })).toMatchObject({ value: { price: usd(1300), appliedRule: { level: "service", id: "2" } } });
    expect(at({ serviceId: 2, voucherId: 22 })).toMatchObject({ value: { price: usd(1400), appliedRule: { level: "voucher", id: "22" } } });
  });

  it("a top-up (no voucher) takes its service's or brand's rule", () => {
    expect(at({ serviceId: 2, voucherId: null })).toMatchObject({ value: { price: usd(1300) } });
  });
});

describe("fixed amounts, tiers, minimum margins and fees", () => {
  it("adds a fixed amount after the markup", () => {
    expect(priceOf(priceVoucher(input(usd(1000)), rules({ markupPercent: "10", fixedMinor: 30 })))).toBe(1130);
  });

  it("a dearer tier's lower markup starts from the price the tier below reached", () => {
    const tiered = rules({ markupPercent: "10", tiers: [{ fromCostMinor: 10_000, markupPercent: "5" }] });
    expect(priceOf(priceVoucher(input(usd(9_999)), tiered))).toBe(10_999);
    // 100.00 × 1.05 = 105.00 would undercut 99.99 × 1.10: held at 110.00 until 5% catches up.
    expect(priceOf(priceVoucher(input(usd(10_000)), tiered))).toBe(11_000);
    expect(priceOf(priceVoucher(input(usd(10_400)), tiered))).toBe(11_000);
    expect(priceOf(priceVoucher(input(usd(20_000)), tiered))).toBe(21_000);
  });

  it("refuses a price whose margin after the fee estimate is under the minimum", () => {
    const fee = { percent: "2.9", fixedMinor: 30 };
    const thin = rules({ markupPercent: "5", minMargin: { minor: 10 } }, { fee });
    // 10.00 → 10.50; fee 0.3045 + 0.30; margin 0.50 − 0.6045 < 0.10
    const refused = priceVoucher(input(usd(1000)), thin);
    expect(refused).toMatchObject({ ok: false, error: { code: "below_min_margin", required: usd(10), wouldBe: { price: usd(1050), flags: { negative: true, thin: true } } } });
    // 100.00 → 105.00; fee 3.345; margin 1.655 ≥ 0.10, but under 5% of the price: thin
    expect(priceVoucher(input(usd(10_000)), thin)).toMatchObject({ ok: true, value: { price: usd(10_500), margin: usd(165), flags: { thin: true, negative: false } } });
    const byPercent = rules({ markupPercent: "5", minMargin: { percent: "3" } }, { fee });
    expect(priceVoucher(input(usd(10_000)), byPercent)).toMatchObject({ ok: false, error: { code: "below_min_margin", required: usd(315) } });
  });

  it("never sells at a loss once the fee is paid, even with no minimum set", () => {
    expect(priceVoucher(input(usd(1000)), rules({ markupPercent: "1" }, { fee: { percent: "0", fixedMinor: 30 } }))).toMatchObject({ ok: false, error: { code: "below_min_margin" } });
  });
});

describe("ceilings and face values", () => {
  const face = (minor: number, currency = "USD") => ({ faceValue: { minor, currency } });

  it("caps the price at the face value, on the rounding grid", () => {
    const capped = rules({ markupPercent: "20", rounding: { mode: "charm_99" }, ceiling: { faceValuePercent: "100" } });
    expect(priceOf(priceVoucher(input(usd(1000), face(1500)), capped))).toBe(1299);
    expect(priceOf(priceVoucher(input(usd(1000), face(1250)), capped))).toBe(1199);
  });

  it("refuses when the ceiling leaves no margin", () => {
    const capped = rules({ markupPercent: "20", ceiling: { faceValuePercent: "100" } });
    expect(priceVoucher(input(usd(1000), face(990)), capped)).toMatchObject({ ok: false, error: { code: "above_ceiling", ceiling: usd(990) } });
  });

  it("needs the face value and its rate to apply a ceiling", () => {
    const capped = rules({ markupPercent: "20", ceiling: { faceValuePercent: "100" } });
    expect(priceVoucher(input(usd(1000)), capped)).toEqual({ ok: false, error: { code: "no_face_value" } });
    expect(priceVoucher(input(usd(1000), face(1500, "GBP")), capped)).toEqual({ ok: false, error: { code: "no_rate", currency: "GBP" } });
  });

  it("flags a price above face value when no ceiling holds it", () => {
    const open = rules({ markupPercent: "20" });
    expect(priceVoucher(input(usd(1000), face(1100)), open)).toMatchObject({ ok: true, value: { flags: { aboveFaceValue: true } } });
    expect(priceVoucher(input(usd(1000), face(1000, "EUR")), open)).toMatchObject({ ok: true, value: { flags: { aboveFaceValue: true } } }); // 10.80 < 12.00
    expect(priceVoucher(input(usd(1000), face(1200)), open)).toMatchObject({ ok: true, value: { flags: { aboveFaceValue: false } } });
  });
});

describe("rates and bad costs", () => {
  it("never takes a missing rate as 1", () => {
    expect(priceVoucher(input({ minor: 100, currency: "GBP" }), rules({}))).toEqual({ ok: false, error: { code: "no_rate", currency: "GBP" } });
  });

  it("refuses a cost that is not a whole number of minor units, and a price too large", () => {
    expect(priceVoucher(input(usd(-1)), rules({}))).toEqual({ ok: false, error: { code: "invalid_cost" } });
    expect(priceVoucher(input(usd(1.5)), rules({}))).toEqual({ ok: false, error: { code: "invalid_cost" } });
    expect(priceVoucher(input(usd(Number.MAX_SAFE_INTEGER)), rules({ markupPercent: "10" }))).toEqual({ ok: false, error: { code: "price_too_large" } });
  });
});
