// Properties of priceVoucher over random rules (markups, tiers, fixed amounts, every rounding
// mode, fees, minimum margins) for stores and costs in USD, JPY and KWD (0, 2 and 3 decimals).
// Every comparison is an exact rational over BigInt.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyExponent } from "@/lib/money/currency";
import { chargeStepMinor } from "@/lib/money/stripe-amount";
import { compileRules } from "./compile-rules";
import { priceVoucher } from "./price-voucher";
import { roundDown, roundingGrid, roundUp } from "./rounding";
import { ruleSetSchema, type Rounding } from "./rule-set";
import { PERCENT, scaledDecimal } from "./scaled-decimal";

const CURRENCIES = ["USD", "JPY", "KWD"] as const;

const decimalText = (maxWhole: number, maxDigits = 4) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: maxDigits }))
    .map(([whole, fraction, digits]) => (digits === 0 ? String(whole) : `${whole}.${String(fraction).padStart(4, "0").slice(0, digits)}`));

const rounding = (store: string): fc.Arbitrary<Rounding> =>
  fc.oneof(
    fc.constant({ mode: "none" as const }),
    fc.constant({ mode: "whole" as const }),
    fc.constant({ mode: "charm_99" as const }),
    fc.constant({ mode: "charm_49_99" as const }),
    fc.integer({ min: 1, max: 50 }).map((k) => ({ mode: "step" as const, stepMinor: k * chargeStepMinor(store) })),
  );

const scenario = fc
  .record({ store: fc.constantFrom(...CURRENCIES), costCurrency: fc.constantFrom(...CURRENCIES) })
  .chain(({ store, costCurrency }) =>
    fc.record({
      store: fc.constant(store),
      costCurrency: fc.constant(costCurrency),
      rate: decimalText(500).filter((text) => scaledDecimal(text) > 0n),
      markupPercent: decimalText(60),
      fixedMinor: fc.integer({ min: 0, max: 500 }),
      tiers: fc
        .uniqueArray(fc.record({ fromCostMinor: fc.integer({ min: 1, max: 1_000_000 }), markupPercent: decimalText(60) }), { maxLength: 4, selector: (t) => t.fromCostMinor })
        .map((tiers) => [...tiers].sort((a, b) => a.fromCostMinor - b.fromCostMinor)),
      rounding: rounding(store),
      minMargin: fc.record({ minor: fc.integer({ min: 0, max: 300 }), percent: decimalText(10) }),
      fee: fc.record({ percent: decimalText(5), fixedMinor: fc.integer({ min: 0, max: 50 }) }),
      costs: fc.tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 5_000_000 })),
    }),
  );

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function rulesOf(s: Scenario) {
  return compileRules(
    ruleSetSchema.parse({
      version: 3,
      savedAt: 0,
      savedBy: "test",
      note: "",
      storeCurrency: s.store,
      paymentFee: s.fee,
      rates: s.costCurrency === s.store ? {} : { [s.costCurrency]: { rate: s.rate, setAt: 0 } },
      global: { markupPercent: s.markupPercent, fixedMinor: s.fixedMinor, tiers: s.tiers, rounding: s.rounding, minMargin: s.minMargin },
    }),
  );
}

const priceAt = (s: Scenario, costMinor: number) =>
  priceVoucher({ cost: { minor: costMinor, currency: s.costCurrency }, faceValue: null, serviceId: 1, voucherId: 1, brand: "b" }, rulesOf(s));

describe("priceVoucher properties", () => {
  it("sells at or above cost + fee + minimum margin, on the grid and chargeable, or not at all", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const result = priceAt(s, s.costs[0]);
        if (!result.ok) {
          expect(["below_min_margin"]).toContain(result.error.code);
          return;
        }
        const price = BigInt(result.value.price.minor);
        // cost in store minor units = costMinor × rate × 10^(eS − eC), as n / d
        const rate = s.costCurrency === s.store ? 10n ** 8n : scaledDecimal(s.rate);
        const shift = currencyExponent(s.store) - currencyExponent(s.costCurrency);
        const n = BigInt(s.costs[0]) * rate * 10n ** BigInt(Math.max(0, shift));
        const d = 10n ** 8n * 10n ** BigInt(Math.max(0, -shift));
        // price − fee − cost ≥ max(min amount, min percent × price), all × d × PERCENT
        const fee = price * scaledDecimal(s.fee.percent) * d + BigInt(s.fee.fixedMinor) * PERCENT * d;
        const margin = price * PERCENT * d - fee - n * PERCENT;
        expect(margin >= BigInt(s.minMargin.minor) * PERCENT * d).toBe(true);
        expect(margin >= price * scaledDecimal(s.minMargin.percent) * d).toBe(true);
        expect(price * d >= n).toBe(true);
        expect(roundUp(price, roundingGrid(s.rounding, s.store))).toBe(price);
        expect(price % BigInt(chargeStepMinor(s.store))).toBe(0n);
      }),
      { numRuns: 1500 },
    );
  });

  it("never sells a dearer item for less than a cheaper one under the same rule, tiers included", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const [low, high] = [Math.min(...s.costs), Math.max(...s.costs)];
        // With no minimum margin and no fee, every cost is sold: compare the prices themselves.
        const open = { ...s, minMargin: { minor: 0, percent: "0" }, fee: { percent: "0", fixedMinor: 0 } };
        const a = priceAt(open, low);
        const b = priceAt(open, high);
        if (!a.ok || !b.ok) throw new Error("refused with no minimum margin");
        expect(a.value.price.minor).toBeLessThanOrEqual(b.value.price.minor);
      }),
      { numRuns: 1500 },
    );
  });

  it("rounds idempotently, up by less than one period, and down to the same grid", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES).chain((c) => fc.tuple(fc.constant(c), rounding(c), fc.bigInt({ min: 0n, max: 10n ** 12n }))), ([currency, mode, minor]) => {
        const grid = roundingGrid(mode, currency);
        const up = roundUp(minor, grid);
        expect(up >= minor).toBe(true);
        expect(up - minor < grid.period + grid.offset).toBe(true);
        expect(roundUp(up, grid)).toBe(up);
        const down = roundDown(minor, grid);
        if (down !== null) {
          expect(down <= minor).toBe(true);
          expect(roundUp(down, grid)).toBe(down);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
