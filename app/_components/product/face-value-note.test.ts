import { describe, expect, it } from "vitest";
import { faceValueNote } from "./face-value-note";

describe("face value note", () => {
  it("states the face value and the saving against it", () => {
    expect(faceValueNote({ minor: 950, currency: "USD" }, { minor: 1000, currency: "USD" })).toEqual({
      face: "Face value $10.00",
      difference: "Save 5%",
      kind: "saving",
    });
  });

  it("states a premium plainly", () => {
    expect(faceValueNote({ minor: 1078, currency: "USD" }, { minor: 1000, currency: "USD" })?.difference).toBe("8% over face value");
  });

  it("shows a face value in another currency without comparing", () => {
    expect(faceValueNote({ minor: 1164, currency: "USD" }, { minor: 1000, currency: "EUR" })).toEqual({
      face: "Face value €10.00",
      difference: null,
      kind: null,
    });
  });

  it("has nothing to say without a face value", () => {
    expect(faceValueNote({ minor: 1000, currency: "USD" }, null)).toBeNull();
  });
});
