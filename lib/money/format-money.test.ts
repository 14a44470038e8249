import { describe, expect, it } from "vitest";
import { currencySymbol, formatMoney } from "./format-money";

describe("formatting money", () => {
  it("shows each currency with its own decimals", () => {
    expect(formatMoney({ minor: 1999, currency: "USD" })).toBe("$19.99");
    expect(formatMoney({ minor: 1650, currency: "JPY" })).toBe("¥1,650");
    expect(formatMoney({ minor: 3070, currency: "KWD" })).toBe("KWD\u00a03.070");
    expect(formatMoney({ minor: 1999, currency: "EUR" }, "de")).toBe("19,99\u00a0€");
    expect(formatMoney({ minor: 100000, currency: "USD" })).toBe("$1,000.00");
    expect(formatMoney({ minor: 0, currency: "EUR" })).toBe("€0.00");
  });

  it("keeps amounts beyond float precision exact", () => {
    expect(formatMoney({ minor: 9_007_199_254_740_991, currency: "USD" })).toBe("$90,071,992,547,409.91");
  });

  it("names the sign an amount field shows, the same as the formatted total", () => {
    expect(currencySymbol("USD")).toBe("$");
    expect(currencySymbol("JPY")).toBe("¥");
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("KWD")).toBe("KWD");
  });
});
