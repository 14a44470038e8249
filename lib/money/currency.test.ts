import { describe, expect, it } from "vitest";
import { currencyExponent, parseCurrency } from "./currency";

describe("currency", () => {
  it("takes each currency's minor-unit exponent from Intl, as ISO 4217 has it", () => {
    const exponents = Object.fromEntries(["JPY", "KWD", "USD", "EUR", "BHD", "CLP", "ISK"].map((c) => [c, currencyExponent(c)]));
    expect(exponents).toEqual({ JPY: 0, KWD: 3, USD: 2, EUR: 2, BHD: 3, CLP: 0, ISK: 0 });
    expect(currencyExponent("HUF")).toBe(0); // CLDR's whole forints; ISO says 2
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
