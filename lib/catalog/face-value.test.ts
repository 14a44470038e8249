import { describe, expect, it } from "vitest";
import { compareWithFace } from "./face-value";

const usd = (minor: number) => ({ minor, currency: "USD" });

describe("compareWithFace", () => {
  it("names a saving below face value in whole percent", () => {
    expect(compareWithFace(usd(900), usd(1000))).toEqual({ kind: "saving", percent: 10 });
  });

  it("names a premium above face value", () => {
    expect(compareWithFace(usd(1078), usd(1000))).toEqual({ kind: "premium", percent: 8 });
  });

  it("calls a difference under half a percent the face value", () => {
    expect(compareWithFace(usd(1004), usd(1000))).toEqual({ kind: "at_face" });
  });

  it("does not compare across currencies or against a zero face value", () => {
    expect(compareWithFace(usd(1000), { minor: 1000, currency: "EUR" })).toBeNull();
    expect(compareWithFace(usd(1000), usd(0))).toBeNull();
  });

  it("works in currencies without minor units", () => {
    expect(compareWithFace({ minor: 950, currency: "JPY" }, { minor: 1000, currency: "JPY" })).toEqual({ kind: "saving", percent: 5 });
  });
});
