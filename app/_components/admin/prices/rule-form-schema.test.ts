import { describe, expect, it } from "vitest";
import { ruleFormSchema } from "./rule-form-schema";

const form = (fields: Record<string, string> = {}) => ({
  level: "brand",
  key: "cobalt-cash",
  storeCurrency: "USD",
  markupPercent: "3",
  fixed: "",
  rounding: "none",
  roundingStep: "",
  minMarginAmount: "",
  minMarginPercent: "",
  ceilingPercent: "",
  "tiers.0.from": "",
  "tiers.0.markup": "",
  "tiers.1.from": "",
  "tiers.1.markup": "",
  ...fields,
});

const problem = (fields: Record<string, string>) => {
  const parsed = ruleFormSchema.safeParse(form(fields));
  return parsed.success ? null : { field: parsed.error.issues[0]?.path.join("."), problem: parsed.error.issues[0]?.message };
};

describe("the rule form", () => {
  it("turns typed figures into the rule lib/pricing stores, amounts in minor units", () => {
    const parsed = ruleFormSchema.parse(
      form({
        fixed: "0.30",
        "tiers.1.from": "50",
        "tiers.1.markup": "2,5",
        rounding: "step",
        roundingStep: "0.05",
        minMarginAmount: "0.10",
        minMarginPercent: "1",
        ceilingPercent: "100",
      }),
    );
    expect(parsed).toEqual({
      level: "brand",
      key: "cobalt-cash",
      storeCurrency: "USD",
      rule: {
        markupPercent: "3",
        fixedMinor: 30,
        tiers: [{ fromCostMinor: 5000, markupPercent: "2.5" }],
        rounding: { mode: "step", stepMinor: 5 },
        minMargin: { minor: 10, percent: "1" },
        ceiling: { faceValuePercent: "100" },
      },
    });
  });

  it("takes empty fields as nothing: no fixed amount, no tiers, no minimum, no ceiling", () => {
    expect(ruleFormSchema.parse(form()).rule).toEqual({
      markupPercent: "3",
      fixedMinor: 0,
      tiers: [],
      rounding: { mode: "none" },
      minMargin: { minor: 0, percent: "0" },
      ceiling: null,
    });
  });

  it("names the field at fault, with a problem the page puts into words", () => {
    expect(problem({ markupPercent: "-1" })).toEqual({ field: "markupPercent", problem: "percent" });
    expect(problem({ markupPercent: "80000" })).toEqual({ field: "markupPercent", problem: "percent" });
    expect(problem({ fixed: "0.301" })).toEqual({ field: "fixed", problem: "amount" });
    expect(problem({ "tiers.0.from": "10" })).toEqual({ field: "tiers.0.markup", problem: "tierIncomplete" });
    expect(problem({ "tiers.0.from": "50", "tiers.0.markup": "5", "tiers.1.from": "20", "tiers.1.markup": "4" })).toEqual({ field: "tiers.1.from", problem: "tierOrder" });
    expect(problem({ rounding: "step", roundingStep: "" })).toEqual({ field: "roundingStep", problem: "step" });
    expect(problem({ rounding: "sideways" })).toEqual({ field: "rounding", problem: "rounding" });
    expect(problem({ ceilingPercent: "0" })).toEqual({ field: "ceilingPercent", problem: "ceiling" });
    expect(problem({ level: "brand", key: "Not A Slug" })).toEqual({ field: "key", problem: "target" });
    expect(problem({ level: "global", key: "x" })).toEqual({ field: "key", problem: "target" });
  });

  it("keeps a step to what the payment provider can charge: whole yen, tens of fils", () => {
    expect(ruleFormSchema.parse(form({ storeCurrency: "JPY", rounding: "step", roundingStep: "10" })).rule.rounding).toEqual({ mode: "step", stepMinor: 10 });
    expect(problem({ storeCurrency: "KWD", rounding: "step", roundingStep: "0.005" })).toEqual({ field: "roundingStep", problem: "step" });
    expect(ruleFormSchema.parse(form({ storeCurrency: "KWD", rounding: "step", roundingStep: "0.050" })).rule.rounding).toEqual({ mode: "step", stepMinor: 50 });
  });
});
