import { describe, expect, it } from "vitest";
import { applyDiscount, fromMinor, toMinor } from "./minor-units";

describe("minor units", () => {
  it("converts wire numbers without float noise", () => {
    expect(toMinor(10.5)).toBe(1050);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(-2.675)).toBe(-268);
    expect(fromMinor(1050)).toBe(10.5);
  });

  it("applies a discount rounding half away from zero", () => {
    expect(applyDiscount(100, 2.5)).toBe(98); // 97.5 → 98, the docs/partner-api-decisions.md example
    expect(applyDiscount(1000, 5)).toBe(950);
    expect(applyDiscount(999, 0)).toBe(999);
    expect(applyDiscount(1, 50)).toBe(1); // 0.5 → 1
    expect(applyDiscount(333, 33.3333)).toBe(222);
  });
});
