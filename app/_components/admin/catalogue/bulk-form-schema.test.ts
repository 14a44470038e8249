// The list's bulk form: ticked rows arrive as one field each, "filtered" carries the filters.
import { describe, expect, it } from "vitest";
import { bulkFormSchema } from "./bulk-form-schema";

describe("the bulk form schema", () => {
  it("reads the ticked services and the filters", () => {
    const parsed = bulkFormSchema.parse({ action: "hide", scope: "selected", "service-101": "on", "service-243": "on", q: " pass ", visibility: "nonsense" });
    expect(parsed).toEqual({ action: "hide", scope: "selected", ids: [101, 243], filters: { q: "pass", visibility: "all", featured: "all", fresh: "all" } });
  });

  it("refuses nothing ticked, an unknown action or scope, naming the field", () => {
    const fieldOf = (form: Record<string, string>) => {
      const parsed = bulkFormSchema.safeParse(form);
      return parsed.success ? null : parsed.error.issues[0]?.path.join(".");
    };
    expect(fieldOf({ action: "hide", scope: "selected" })).toBe("ids");
    expect(fieldOf({ action: "delete", scope: "selected", "service-1": "on" })).toBe("action");
    expect(fieldOf({ action: "show", scope: "everything", "service-1": "on" })).toBe("scope");
    // Every product matching the filters needs no ticks.
    expect(fieldOf({ action: "show", scope: "filtered", visibility: "hidden" })).toBeNull();
  });
});
