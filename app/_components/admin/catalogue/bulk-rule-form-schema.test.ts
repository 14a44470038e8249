// The services a bulk price rule is for, as the list's redirect writes them into the rule page's
// address and its form sends them back; and the rule, refused in the price editor's own words.
import { describe, expect, it } from "vitest";
import { bulkRuleFormSchema, ruleTargetsParams, ruleTargetsSchema } from "./bulk-rule-form-schema";

const RULE = { storeCurrency: "USD", markupPercent: "30", fixed: "", rounding: "none", roundingStep: "", minMarginAmount: "", minMarginPercent: "", ceilingPercent: "" };

describe("the targets of a bulk price rule", () => {
  it("round-trip through the page's address, ticked ids once each, filters without their defaults", () => {
    const selected = ruleTargetsSchema.parse({ scope: "selected", services: "101,243,101", q: "", visibility: "all" });
    expect(selected).toEqual({ scope: "selected", ids: [101, 243], filters: { q: "", visibility: "all", featured: "all", fresh: "all" } });
    expect(ruleTargetsParams(selected)).toEqual({ scope: "selected", services: "101,243" });
    const filtered = ruleTargetsSchema.parse({ scope: "filtered", services: "junk", q: "mythic", featured: "yes" });
    expect(filtered.ids).toEqual([]);
    expect(ruleTargetsSchema.parse(ruleTargetsParams(filtered))).toEqual(filtered);
  });

  it("refuses a missing or malformed list of services, naming the field", () => {
    for (const services of [undefined, "", "0", "1,,2", "1;2", "１"]) {
      const parsed = ruleTargetsSchema.safeParse({ scope: "selected", services });
      expect(parsed.success ? null : parsed.error.issues[0]?.path.join("."), String(services)).toBe("services");
    }
  });
});

describe("the bulk rule form", () => {
  it("reads one service rule with the editor's schema", () => {
    const parsed = bulkRuleFormSchema.parse({ ...RULE, scope: "selected", services: "426", "tiers.0.from": "50", "tiers.0.markup": "20", rounding: "step", roundingStep: "0.05" });
    expect(parsed.targets.ids).toEqual([426]);
    expect(parsed.rule).toMatchObject({ markupPercent: "30", tiers: [{ fromCostMinor: 5000, markupPercent: "20" }], rounding: { mode: "step", stepMinor: 5 } });
  });

  it("names the rule's field and the editor's problem key", () => {
    const problem = (form: Record<string, string>) => {
      const parsed = bulkRuleFormSchema.safeParse({ ...RULE, scope: "filtered", ...form });
      return parsed.success ? null : { field: parsed.error.issues[0]?.path.join("."), message: parsed.error.issues[0]?.message };
    };
    expect(problem({ markupPercent: "lots" })).toEqual({ field: "markupPercent", message: "percent" });
    expect(problem({ minMarginAmount: "1.234" })).toEqual({ field: "minMarginAmount", message: "amount" });
    expect(problem({ storeCurrency: "usd" })).toEqual({ field: "storeCurrency", message: "currency" });
    expect(problem({ scope: "everything" })).toMatchObject({ field: "scope" });
  });
});
