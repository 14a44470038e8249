import { describe, expect, it } from "vitest";
import { LOOK_AGAIN, nextLookMs } from "./next-look";

const NOW = 1_800_000_000_000;

describe("when the order page looks again", () => {
  it("soon after the order moved, less often the longer it has not, never past the cap", () => {
    const open = (quietMs: number) => nextLookMs({ state: "fulfilling", updatedAt: NOW - quietMs, nextCheckAt: null }, NOW);
    expect(open(0)).toBe(LOOK_AGAIN.minMs);
    expect(open(40_000)).toBe(10_000);
    expect(open(3600_000)).toBe(LOOK_AGAIN.maxMs);
  });

  it("no later than the order's next deadline, when the shop acts on it", () => {
    expect(nextLookMs({ state: "fulfilling", updatedAt: NOW - 3600_000, nextCheckAt: NOW + 4_000 }, NOW)).toBe(4_000);
    expect(nextLookMs({ state: "fulfilling", updatedAt: NOW - 3600_000, nextCheckAt: NOW - 4_000 }, NOW)).toBe(LOOK_AGAIN.minMs);
  });

  it("never for a final order", () => {
    expect(nextLookMs({ state: "refunded", updatedAt: NOW, nextCheckAt: null }, NOW)).toBeNull();
  });
});
