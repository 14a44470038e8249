import { describe, expect, it, vi } from "vitest";
import { currencyExponent, parseCurrency } from "./currency";

describe("currency", () => {
  it("takes each currency's minor-unit exponent from Intl, as ISO 4217 has it", () => {
    const exponents = Object.fromEntries(["JPY", "KWD", "USD", "EUR", "BHD", "CLP", "ISK"].map((c) => [c, currencyExponent(c)]));
    expect(exponents).toEqual({ JPY: 0, KWD: 3, USD: 2, EUR: 2, BHD: 3, CLP: 0, ISK: 0 });
    expect(currencyExponent("HUF")).toBe(0); // CLDR's whole forints; ISO says 2
  });

  it("answers a currency from the copy of Intl's exponents without building a number format", () => {
    // A fresh process's first Intl.NumberFormat loads ICU's number data: tens of ms before a
    // checkout's first answer (docs/architecture-decisions.md item 235).
    const built = vi.spyOn(Intl, "NumberFormat");
    try {
      expect([currencyExponent("TND"), currencyExponent("VND"), currencyExponent("CHF")]).toEqual([3, 0, 2]);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it("refuses a code the runtime has no data for, naming it", () => {
    expect(parseCurrency("USD")).toEqual({ ok: true, value: "USD" });
    for (const code of ["XYZ", "usd", "", "US"]) {
      const result = parseCurrency(code);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ code: "unknown_currency", currency: code, message: expect.stringContaining(`"${code}"`) });
    }
    expect(() => currencyExponent("XYZ")).toThrow(/XYZ/);
  });
});
