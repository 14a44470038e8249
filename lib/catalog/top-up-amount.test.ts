import { describe, expect, it } from "vitest";
import { parseTopUpAmount, type BalanceTerms } from "./top-up-amount";

const terms: BalanceTerms = { currency: "USD", minMinor: 500, maxMinor: 50_000 };

describe("balance top-up amount", () => {
  it("reads the amount in the service's currency", () => {
    expect(parseTopUpAmount("25", terms)).toEqual({ ok: true, value: { minor: 2500, currency: "USD" } });
    expect(parseTopUpAmount(" 25.5 ", terms)).toEqual({ ok: true, value: { minor: 2550, currency: "USD" } });
    expect(parseTopUpAmount("25,50", terms)).toEqual({ ok: true, value: { minor: 2550, currency: "USD" } });
  });

  it("explains what is wrong with an amount", () => {
    expect(parseTopUpAmount("", terms)).toEqual({ ok: false, error: "Enter an amount" });
    expect(parseTopUpAmount("ten", terms)).toEqual({ ok: false, error: "Enter a number such as 25.50" });
    expect(parseTopUpAmount("10.505", terms)).toEqual({ ok: false, error: "Enter at most 2 decimals: USD has 2" });
    expect(parseTopUpAmount("-5", terms)).toEqual({ ok: false, error: "Enter a number such as 25.50" });
    expect(parseTopUpAmount("0", { ...terms, minMinor: null })).toEqual({ ok: false, error: "Enter an amount above zero" });
    expect(parseTopUpAmount("4.99", terms)).toEqual({ ok: false, error: "The smallest top-up is $5.00" });
    expect(parseTopUpAmount("500.01", terms)).toEqual({ ok: false, error: "The largest top-up is $500.00" });
  });

  it("takes the currency's own decimals: whole yen, thousandths of a dinar", () => {
    const yen = { currency: "JPY", minMinor: 500, maxMinor: null };
    expect(parseTopUpAmount("1000", yen)).toEqual({ ok: true, value: { minor: 1000, currency: "JPY" } });
    expect(parseTopUpAmount("10.5", yen)).toEqual({ ok: false, error: "Enter a whole number: JPY has no decimals" });
    expect(parseTopUpAmount("499", yen)).toEqual({ ok: false, error: "The smallest top-up is ¥500" });
    const dinar = { currency: "KWD", minMinor: null, maxMinor: null };
    expect(parseTopUpAmount("1.234", dinar)).toEqual({ ok: true, value: { minor: 1234, currency: "KWD" } });
  });
});
