import { describe, expect, it } from "vitest";
import { ruleContentSchema } from "@/lib/pricing/rule-set";
import { ruleAbove, ruleAt, withRule } from "./draft-edits";

const content = ruleContentSchema.parse({
  storeCurrency: "USD",
  global: { markupPercent: "10" },
  brands: { vaultline: { markupPercent: "8" } },
  services: { "101": { markupPercent: "7" } },
});

describe("draft edits", () => {
  it("starts a new rule from the rule it overrides: service, else brand, else global", () => {
    expect(ruleAbove(content, "voucher", { serviceId: "101", brandKey: "vaultline" }).markupPercent).toBe("7");
    expect(ruleAbove(content, "voucher", { serviceId: "102", brandKey: "vaultline" }).markupPercent).toBe("8");
    expect(ruleAbove(content, "service", { brandKey: "vaultline" }).markupPercent).toBe("8");
    expect(ruleAbove(content, "service", { brandKey: "orbit" }).markupPercent).toBe("10");
    expect(ruleAbove(content, "brand", {}).markupPercent).toBe("10");
  });

  it("sets and removes a rule at one level, leaving the content it came from as it was", () => {
    const rule = { ...content.global, markupPercent: "3" };
    const added = withRule(content, "brand", "cobalt-cash", rule);
    expect(ruleAt(added, "brand", "cobalt-cash")).toEqual(rule);
    expect(ruleAt(content, "brand", "cobalt-cash")).toBeUndefined();
    expect(Object.keys(withRule(added, "brand", "vaultline", null).brands)).toEqual(["cobalt-cash"]);
    expect(withRule(content, "global", "", rule).global.markupPercent).toBe("3");
    expect(withRule(content, "global", "", null)).toBe(content);
  });
});
