import { describe, expect, it } from "vitest";
import { applyRatesForm, ratesFormSchema } from "./rates-form-schema";

const problem = (fields: Record<string, string>) => {
  const parsed = ratesFormSchema.safeParse({ storeCurrency: "USD", ...fields });
  return parsed.success ? null : { field: parsed.error.issues[0]?.path.join("."), problem: parsed.error.issues[0]?.message };
};

describe("the rates form", () => {
  it("reads each listed rate, the confirmed ones, removals and one added currency", () => {
    expect(ratesFormSchema.parse({ storeCurrency: "USD", "rate.EUR": "1,09", "checked.EUR": "on", "rate.JPY": "", newCurrency: "gbp", newRate: "1.27" })).toEqual({
      storeCurrency: "USD",
      rates: { EUR: "1.09", JPY: null, GBP: "1.27" },
      checked: ["EUR"],
    });
  });

  it("names the field at fault", () => {
    expect(problem({ "rate.EUR": "0" })).toEqual({ field: "rate.EUR", problem: "rate" });
    expect(problem({ "rate.EUR": "1.1.1" })).toEqual({ field: "rate.EUR", problem: "rate" });
    expect(problem({ newCurrency: "XYZ", newRate: "1" })).toEqual({ field: "newCurrency", problem: "currency" });
    expect(problem({ newCurrency: "USD", newRate: "1" })).toEqual({ field: "newCurrency", problem: "storeCurrency" });
    expect(problem({ "rate.EUR": "1.08", newCurrency: "EUR", newRate: "1" })).toEqual({ field: "newCurrency", problem: "listedCurrency" });
    expect(problem({ newCurrency: "GBP", newRate: "" })).toEqual({ field: "newRate", problem: "rate" });
  });

  it("stamps a changed, added or confirmed rate now and keeps when the others were set", () => {
    const current = { EUR: { rate: "1.08", setAt: 1 }, JPY: { rate: "0.0067", setAt: 2 }, BRL: { rate: "0.2", setAt: 3 }, TRY: { rate: "0.03", setAt: 4 } };
    const form = { storeCurrency: "USD", rates: { EUR: "1.080", JPY: "0.0068", BRL: "0.2", TRY: null, GBP: "1.27" }, checked: ["BRL"] };
    expect(applyRatesForm({ ...current, MXN: { rate: "0.05", setAt: 5 } }, form, 99)).toEqual({
      EUR: { rate: "1.08", setAt: 1 },
      JPY: { rate: "0.0068", setAt: 99 },
      BRL: { rate: "0.2", setAt: 99 },
      GBP: { rate: "1.27", setAt: 99 },
      MXN: { rate: "0.05", setAt: 5 },
    });
  });
});
