import { describe, expect, it } from "vitest";
import { decodeOrderKey, encodeScore, keyPart, orderKey } from "./binary-keys";

describe("binary keys", () => {
  const scores = [-Infinity, -1e300, -2.5, -1, -Number.MIN_VALUE, 0, Number.MIN_VALUE, 1e-9, 1, 1.5, 2, 1e15, 1e300, Infinity];

  it("sorts encoded scores bytewise in numeric order", () => {
    const shuffled = [...scores].reverse();
    const sorted = shuffled.map(encodeScore).sort(Buffer.compare);
    expect(sorted).toEqual(scores.map(encodeScore));
  });

  it("treats -0 as 0, as Redis does", () => {
    expect(encodeScore(-0)).toEqual(encodeScore(0));
  });

  it("decodes what it encodes, member included", () => {
    for (const score of scores) {
      expect(decodeOrderKey(keyPart("k").length, orderKey("k", score, "mémbre 🎟️"))).toEqual({ score, member: "mémbre 🎟️" });
    }
  });

  it("refuses keys the layout cannot tell apart", () => {
    expect(() => keyPart("a\0b")).toThrow(/NUL/);
    expect(() => orderKey("k", 1, "m".repeat(3000))).toThrow(/exceed/);
  });
});
