import { describe, expect, it } from "vitest";
import { balanceCost } from "./balance-cost";

const cost = (minor: number, currency: string, percent: number) => balanceCost({ minor, currency }, percent).minor;

describe("the cost of a balance top-up", () => {
  it("is the amount less the discount, as upstream rounds it (half away, 2 decimals)", () => {
    expect(cost(100, "USD", 2.5)).toBe(98); // 0.975 → 0.98, the Partner API's own example
    expect(cost(2500, "USD", 2.5)).toBe(2438);
    expect(cost(1000, "USD", 0)).toBe(1000);
  });

  it("is read in the currency's own minor unit", () => {
    expect(cost(1000, "JPY", 2.5)).toBe(975);
    expect(cost(1000, "JPY", 0)).toBe(1000);
    expect(cost(1234, "KWD", 0)).toBe(1234);
  });

  it("rounds up, never below what upstream debits", () => {
    expect(cost(1001, "JPY", 2.5)).toBe(976); // 975.975 (upstream 975.98) → 976
    expect(cost(1004, "JPY", 2.5)).toBe(979); // 978.9 → 979, not 978
    // 1.234 KWD less 2.35% = 1.205001; upstream charges 1.21, so 1.210, not 1.206.
    expect(cost(1234, "KWD", 2.35)).toBe(1210);
  });
});
