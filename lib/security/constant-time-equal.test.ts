import { describe, expect, it } from "vitest";
import { constantTimeEqual } from "./constant-time-equal";

describe("constantTimeEqual", () => {
  it("tells equal from different strings of any length", () => {
    expect(constantTimeEqual("demo-key", "demo-key")).toBe(true);
    expect(constantTimeEqual("demo-key", "demo-kez")).toBe(false);
    expect(constantTimeEqual("demo-key", "demo-key-longer")).toBe(false);
    expect(constantTimeEqual("", "x")).toBe(false);
  });
});
