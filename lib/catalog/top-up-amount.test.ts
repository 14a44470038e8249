import { describe, expect, it } from "vitest";
import type { Product } from "./types";
import { topUpProblemInEnglish } from "@/lib/i18n/english";
import { balanceTermsOf, isTopUpProblem, parseTopUpAmount, type BalanceTerms } from "./top-up-amount";

const terms: BalanceTerms = { currency: "USD", minMinor: 500, maxMinor: 50_000, presetsMinor: [1000, 2500, 5000] };

function problem(text: string, terms: BalanceTerms): string | null {
  const read = parseTopUpAmount(text, terms);
  return read.ok ? null : topUpProblemInEnglish(read.error);
}

describe("balance top-up amount", () => {
  it("reads the amount in the service's currency", () => {
    expect(parseTopUpAmount("25", terms)).toEqual({ ok: true, value: { minor: 2500, currency: "USD" } });
    expect(parseTopUpAmount(" 25.5 ", terms)).toEqual({ ok: true, value: { minor: 2550, currency: "USD" } });
    expect(parseTopUpAmount("25,50", terms)).toEqual({ ok: true, value: { minor: 2550, currency: "USD" } });
  });

  it("explains what is wrong with an amount, naming the range when it is outside", () => {
    expect(parseTopUpAmount("4.99", terms)).toEqual({
      ok: false,
      error: { code: "out_of_range", min: { minor: 500, currency: "USD" }, max: { minor: 50_000, currency: "USD" } },
    });
    expect(problem("", terms)).toBe("Enter an amount");
    expect(problem("ten", terms)).toBe("Enter a number such as 25.50");
    expect(problem("10.505", terms)).toBe("Enter at most 2 decimals: USD has 2");
    expect(problem("-5", terms)).toBe("Enter a number such as 25.50");
    expect(problem("0", terms)).toBe("Enter an amount from $5.00 to $500.00");
    expect(problem("4.99", terms)).toBe("Enter an amount from $5.00 to $500.00");
    expect(problem("500.01", terms)).toBe("Enter an amount from $5.00 to $500.00");
    expect(parseTopUpAmount("500", terms)).toEqual({ ok: true, value: { minor: 50_000, currency: "USD" } });
  });

  it("takes the currency's own decimals: whole yen, thousandths of a dinar", () => {
    const yen = { currency: "JPY", minMinor: 500, maxMinor: 50_000, presetsMinor: [] };
    expect(parseTopUpAmount("1000", yen)).toEqual({ ok: true, value: { minor: 1000, currency: "JPY" } });
    expect(problem("10.5", yen)).toBe("Enter a whole number: JPY has no decimals");
    expect(problem("499", yen)).toBe("Enter an amount from ¥500 to ¥50,000");
    const dinar = { currency: "KWD", minMinor: 2000, maxMinor: 150_000, presetsMinor: [] };
    expect(parseTopUpAmount("2.345", dinar)).toEqual({ ok: true, value: { minor: 2345, currency: "KWD" } });
  });
});

describe("balance terms", () => {
  const balance = { type: "balance", currency: "USD", minAmountMinor: null, maxAmountMinor: null } as Product;

  it("falls back to the currency's default range and presets until the owner sets a range", () => {
    expect(balanceTermsOf(balance)).toEqual({ currency: "USD", minMinor: 500, maxMinor: 50_000, presetsMinor: [1000, 2500, 5000] });
    expect(balanceTermsOf({ ...balance, currency: "JPY" })).toEqual({ currency: "JPY", minMinor: 500, maxMinor: 50_000, presetsMinor: [1000, 3000, 5000] });
    expect(balanceTermsOf({ ...balance, currency: "KWD" })?.presetsMinor).toEqual([5000, 10_000, 20_000]);
  });

  it("keeps the owner's range and only the presets inside it", () => {
    expect(balanceTermsOf({ ...balance, minAmountMinor: 2000, maxAmountMinor: 3000 })).toEqual({
      currency: "USD",
      minMinor: 2000,
      maxMinor: 3000,
      presetsMinor: [2500],
    });
    expect(balanceTermsOf({ ...balance, minAmountMinor: 6000, maxAmountMinor: 9000 })?.presetsMinor).toEqual([6000]);
  });

  it("has none for a voucher service", () => {
    expect(balanceTermsOf({ ...balance, type: "voucher" })).toBeNull();
  });
});

describe("a top-up problem read back by the page", () => {
  it("knows every problem the amount check gives, with its details", () => {
    const yen = { currency: "JPY", minMinor: 500, maxMinor: 50_000, presetsMinor: [] };
    for (const [text, t] of [["", terms], ["ten", terms], ["10.505", terms], ["4.99", terms], ["10.5", yen]] as const) {
      const read = parseTopUpAmount(text, t);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(isTopUpProblem(read.error), text).toBe(true);
    }
    expect(isTopUpProblem({ code: "fixed_amounts" })).toBe(true);
  });

  it("refuses an unknown code or one without the details it is worded with", () => {
    expect(isTopUpProblem({ code: "something_new" })).toBe(false);
    expect(isTopUpProblem({ code: "toString" })).toBe(false);
    expect(isTopUpProblem({ code: "out_of_range", min: { minor: 500, currency: "USD" } })).toBe(false);
    expect(isTopUpProblem({ code: "too_many_decimals", currency: "USD", decimals: "2" })).toBe(false);
    expect(isTopUpProblem(null)).toBe(false);
  });
});
