// Properties of chargeExceedsQuote over USD, EUR, JPY and KWD (0, 2 and 3 decimals), random
// amounts, rates and tolerances. The references are exact rationals over BigInt.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scaledDecimal } from "@/lib/pricing/scaled-decimal";
import { currencyExponent } from "@/lib/money";
import { chargeExceedsQuote, type ConversionRates } from "./charge-check";

const CURRENCIES = ["USD", "EUR", "JPY", "KWD"] as const;
const SCALE = 10n ** 8n;

const currency = fc.constantFrom(...CURRENCIES);
const minor = fc.integer({ min: 0, max: 1_000_000_000 });
/** A positive rate with up to 8 fraction digits, as configuration holds it. */
const rate = fc.bigInt({ min: 1n, max: 10_000n * SCALE }).map(fromScaled);
/** Percent with up to 2 decimals, as CHECKOUT_PRICE_TOLERANCE_PERCENT would be set. */
const tolerance = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100);
const twoCurrencies = fc.tuple(currency, currency).filter(([a, b]) => a !== b);

function fromScaled(scaled: bigint): string {
  const fraction = (scaled % SCALE).toString().padStart(8, "0").replace(/0+$/, "");
  return fraction ? `${scaled / SCALE}.${fraction}` : String(scaled / SCALE);
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

describe("chargeExceedsQuote properties", () => {
  it("in one currency is exactly the reservation's old rule, whatever the rates", () => {
    fc.assert(
      fc.property(currency, currency, minor, minor, rate, tolerance, (code, store, cost, charged, someRate, percent) => {
        const rates: ConversionRates = { storeCurrency: store, exchangeRates: code === store ? {} : { [code]: someRate } };
        const toleranceBp = BigInt(Math.round(percent * 100));
        const oldRule = BigInt(charged) * 10_000n > BigInt(cost) * (10_000n + toleranceBp);
        const result = chargeExceedsQuote({ minor: cost, currency: code }, { minor: charged, currency: code }, rates, percent);
        expect(result).toEqual({ ok: true, value: oldRule });
      }),
    );
  });

  it("draws the line exactly at the converted cost, in either direction, for 0, 2 and 3 decimals", () => {
    fc.assert(
      fc.property(twoCurrencies, fc.integer({ min: 1, max: 1_000_000_000 }), rate, ([store, other], charged, otherRate) => {
        const rates: ConversionRates = { storeCurrency: store, exchangeRates: { [other]: otherRate } };
        // `charged` units of `other`, in minor units of `store`: charged × rate × 10^(e_store − e_other).
        const numerator = BigInt(charged) * scaledDecimal(otherRate) * 10n ** BigInt(currencyExponent(store));
        const denominator = SCALE * 10n ** BigInt(currencyExponent(other));
        const covering = ceilDiv(numerator, denominator);
        // Money holds safe integers only (moneySchema), so larger store amounts are not cases.
        fc.pre(covering + 1n <= BigInt(Number.MAX_SAFE_INTEGER));
        const chargedMoney = { minor: charged, currency: other };
        // The smallest cost in the store currency that covers the charge lets it through; one minor unit less does not.
        expect(chargeExceedsQuote({ minor: Number(covering), currency: store }, chargedMoney, rates, 0)).toEqual({ ok: true, value: false });
        expect(chargeExceedsQuote({ minor: Number(covering - 1n), currency: store }, chargedMoney, rates, 0)).toEqual({ ok: true, value: true });
        // Swapped: a cost of `charged` units of `other` takes any charge up to its converted value, not one unit more.
        const covered = numerator / denominator;
        const quote = { minor: charged, currency: other };
        expect(chargeExceedsQuote(quote, { minor: Number(covered), currency: store }, rates, 0)).toEqual({ ok: true, value: false });
        expect(chargeExceedsQuote(quote, { minor: Number(covered + 1n), currency: store }, rates, 0)).toEqual({ ok: true, value: true });
      }),
    );
  });

  it("does not depend on which currency the rates are counted in", () => {
    fc.assert(
      fc.property(twoCurrencies, minor, minor, rate, rate, fc.integer({ min: 2, max: 1_000 }), tolerance, ([a, b], cost, charged, rateA, rateB, k, percent) => {
        // The store is some third currency; counting it in k-times-smaller units multiplies every rate by k.
        const rebase = (text: string) => fromScaled(scaledDecimal(text) * BigInt(k));
        const rates: ConversionRates = { storeCurrency: "CHF", exchangeRates: { [a]: rateA, [b]: rateB } };
        const rebased: ConversionRates = { storeCurrency: "CHF", exchangeRates: { [a]: rebase(rateA), [b]: rebase(rateB) } };
        const costMoney = { minor: cost, currency: a };
        const chargedMoney = { minor: charged, currency: b };
        expect(chargeExceedsQuote(costMoney, chargedMoney, rebased, percent)).toEqual(chargeExceedsQuote(costMoney, chargedMoney, rates, percent));
      }),
    );
  });

  it("never answers without a rate for a foreign side", () => {
    fc.assert(
      fc.property(twoCurrencies, minor, minor, rate, fc.boolean(), ([a, b], cost, charged, someRate, missingIsCost) => {
        const missing = missingIsCost ? a : b;
        const present = missingIsCost ? b : a;
        const rates: ConversionRates = { storeCurrency: "CHF", exchangeRates: { [present]: someRate } };
        const result = chargeExceedsQuote({ minor: cost, currency: a }, { minor: charged, currency: b }, rates, 0);
        expect(result).toEqual({ ok: false, error: { code: "no_rate", currency: missing } });
      }),
    );
  });
});
