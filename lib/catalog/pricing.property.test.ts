// Properties of retailPrice for every pair of USD, EUR, JPY and KWD (0, 2 and 3 decimals), over
// random costs, rates and markups. Comparisons are exact rationals over BigInt.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyExponent } from "@/lib/money/currency";
import { formatMoney } from "@/lib/money/format-money";
import { chargeStepMinor } from "@/lib/money/stripe-amount";
import { retailPrice, scaledDecimal } from "./pricing";

const CURRENCIES = ["USD", "EUR", "JPY", "KWD"] as const;

/** A positive decimal with up to 8 fraction digits, as configuration would hold it. */
const decimalText = (maxWhole: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 8 }))
    .map(([whole, fraction, digits]) => (digits === 0 ? String(whole) : `${whole}.${String(fraction).padStart(8, "0").slice(0, digits)}`));

const positiveRate = decimalText(1_000).filter((text) => scaledDecimal(text) > 0n);

const cases = fc.record({
  costCurrency: fc.constantFrom(...CURRENCIES),
  storeCurrency: fc.constantFrom(...CURRENCIES),
  costMinor: fc.integer({ min: 0, max: 100_000_000 }),
  rate: positiveRate,
  markupPercent: decimalText(200),
});

const SCALE = 10n ** 8n;

describe("retailPrice properties", () => {
  it("never prices below the cost converted, and rounds up by less than one chargeable step", () => {
    fc.assert(
      fc.property(cases, ({ costCurrency, storeCurrency, costMinor, rate, markupPercent }) => {
        const rateText = costCurrency === storeCurrency ? "1" : rate;
        const policy = { storeCurrency, exchangeRates: { [costCurrency]: rateText }, markupPercent };
        const result = retailPrice({ minor: costMinor, currency: costCurrency }, policy);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const price = BigInt(result.value.minor);
        expect(result.value.currency).toBe(storeCurrency);

        // Every quantity as a numerator over one common denominator: units × 10^e1 × 10^e2 × SCALE² × 100.
        const e1 = BigInt(currencyExponent(costCurrency));
        const e2 = BigInt(currencyExponent(storeCurrency));
        const priceScaled = price * 10n ** e1 * SCALE * SCALE * 100n;
        const converted = BigInt(costMinor) * 10n ** e2 * scaledDecimal(rateText) * SCALE * 100n;
        const withMarkup = BigInt(costMinor) * 10n ** e2 * scaledDecimal(rateText) * (SCALE * 100n + scaledDecimal(markupPercent));
        const step = BigInt(chargeStepMinor(storeCurrency)) * 10n ** e1 * SCALE * SCALE * 100n;

        expect(priceScaled >= converted).toBe(true); // price ≥ cost converted
        expect(priceScaled >= withMarkup).toBe(true); // rounding never goes below cost + markup
        expect(priceScaled - withMarkup < step).toBe(true); // and rounds up by less than one step
        expect(price % BigInt(chargeStepMinor(storeCurrency))).toBe(0n); // chargeable as shown
      }),
      { numRuns: 2000 },
    );
  });

  it("is displayed with exactly the store currency's decimals", () => {
    fc.assert(
      fc.property(cases, ({ costCurrency, storeCurrency, costMinor, rate, markupPercent }) => {
        const policy = { storeCurrency, exchangeRates: { [costCurrency]: rate }, markupPercent };
        const result = retailPrice({ minor: costMinor, currency: costCurrency }, policy);
        if (!result.ok) throw new Error(result.error.code);
        const shown = formatMoney(result.value);
        const digits = currencyExponent(storeCurrency);
        const fraction = /\.(\d+)/.exec(shown)?.[1] ?? "";
        expect(fraction.length).toBe(digits);
        // The digits shown are the minor units, exactly (no float rounding on the way).
        expect(shown.replace(/[^\d]/g, "")).toBe(String(result.value.minor).padStart(digits + 1, "0"));
      }),
      { numRuns: 1000 },
    );
  });
});
