import { describe, expect, it } from "vitest";
import { formatAmount } from "./hosted-page";

describe("formatAmount", () => {
  it("reads Stripe amounts in each currency's unit", () => {
    expect(formatAmount(1999, "usd")).toBe("$19.99");
    expect(formatAmount(1500, "jpy")).toBe("¥1,500");
    expect(formatAmount(150000, "isk")).toMatch(/^ISK\s1,500$/);
    expect(formatAmount(5, "eur")).toBe("€0.05");
  });
});
