import { describe, expect, it } from "vitest";
import type { PublicOrder } from "@/lib/checkout/public-order";
import { activationText } from "./activation-text";
import { POLL_MS, refreshInterval } from "./fetch-order";

const order = (final: boolean) => ({ final }) as PublicOrder;

describe("the order page", () => {
  it("polls until the order is final, then stops", () => {
    expect(refreshInterval(undefined)).toBe(POLL_MS);
    expect(refreshInterval(order(false))).toBe(POLL_MS);
    expect(refreshInterval(order(true))).toBe(0);
  });

  it("says what happened to an activation, and nothing when none was asked for", () => {
    expect(activationText(null)).toBeNull();
    expect(activationText("wait")).toBe("Activation in progress");
    expect(activationText(true)).toMatch(/^Activated/);
    expect(activationText(false)).toMatch(/^Not activated/);
  });
});
