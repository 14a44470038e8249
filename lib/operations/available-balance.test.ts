import { describe, expect, it } from "vitest";
import { availableMinor, covers, isLow, saleCeilingMinor, thresholdMinorFor } from "./available-balance";

const usd = (minor: number) => ({ minor, currency: "USD" });

describe("available balance arithmetic (integer minor units)", () => {
  it("subtracts what was spent since the balance was read and what accepted orders hold", () => {
    expect(availableMinor({ balance: usd(100_000), spentMinor: 950, heldMinor: 0 })).toBe(99_050);
    expect(availableMinor({ balance: usd(100_000), spentMinor: 950, heldMinor: 198 })).toBe(98_852);
    // 0.1 + 0.2 style noise cannot appear: every figure is an integer of cents.
    expect(availableMinor({ balance: usd(30), spentMinor: 10 + 20, heldMinor: 0 })).toBe(0);
  });

  it("keeps the threshold back from what one sale may cost", () => {
    const figures = { balance: usd(100_000), spentMinor: 40_000, heldMinor: 0 };
    expect(saleCeilingMinor(figures, usd(50_000))).toBe(10_000);
    expect(saleCeilingMinor(figures, null)).toBe(60_000);
    expect(saleCeilingMinor(figures, usd(70_000))).toBe(-10_000);
  });

  it("is low strictly below the threshold, and never with no threshold", () => {
    expect(isLow({ balance: usd(50_000), spentMinor: 0, heldMinor: 0 }, usd(50_000))).toBe(false);
    expect(isLow({ balance: usd(50_000), spentMinor: 1, heldMinor: 0 }, usd(50_000))).toBe(true);
    expect(isLow({ balance: usd(0), spentMinor: 0, heldMinor: 0 }, null)).toBe(false);
  });

  it("ignores a threshold set in another currency than the balance (another upstream)", () => {
    expect(thresholdMinorFor({ minor: 5000, currency: "EUR" }, "USD")).toBeNull();
    expect(isLow({ balance: usd(10), spentMinor: 0, heldMinor: 0 }, { minor: 5000, currency: "EUR" })).toBe(false);
  });

  it("covers a cost up to the ceiling exactly, and cannot judge another currency", () => {
    expect(covers(950, "USD", usd(950))).toBe("covered");
    expect(covers(949, "USD", usd(950))).toBe("not_covered");
    expect(covers(100_000, "USD", { minor: 950, currency: "EUR" })).toBe("unknown");
  });
});
