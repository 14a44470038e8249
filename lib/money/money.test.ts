import { describe, expect, it } from "vitest";
import { moneySchema } from "./money";

describe("the money schema", () => {
  it("accepts integer minor units of a known currency", () => {
    expect(moneySchema.parse({ minor: 1650, currency: "JPY" })).toEqual({ minor: 1650, currency: "JPY" });
  });

  it("refuses fractions, unsafe integers and unknown currencies, naming the problem", () => {
    expect(moneySchema.safeParse({ minor: 10.5, currency: "USD" }).success).toBe(false);
    expect(moneySchema.safeParse({ minor: 10.5, currency: "USD" }).error?.issues[0]?.message).toBe("expected a safe integer count of minor units");
    expect(moneySchema.safeParse({ minor: 2 ** 53, currency: "USD" }).success).toBe(false);
    expect(moneySchema.safeParse({ minor: 1, currency: "XYZ" }).error?.issues[0]?.message).toContain('"XYZ"');
  });
});
