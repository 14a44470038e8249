import { describe, expect, it } from "vitest";
import type { PublicOrder } from "@/lib/checkout/public-order";
import { messagesOf } from "@/lib/i18n/messages";
import { activationKey } from "./activation-text";
import { POLL_MS, refreshInterval } from "./fetch-order";

const order = (final: boolean) => ({ final }) as PublicOrder;

describe("the order page", () => {
  it("polls until the order is final, then stops", () => {
    expect(refreshInterval(undefined)).toBe(POLL_MS);
    expect(refreshInterval(order(false))).toBe(POLL_MS);
    expect(refreshInterval(order(true))).toBe(0);
  });

  it("says what happened to an activation, and nothing when none was asked for", () => {
    const words = (activation: Parameters<typeof activationKey>[0]) => {
      const key = activationKey(activation);
      return key === null ? null : messagesOf("en").order[key];
    };
    expect(words(null)).toBeNull();
    expect(words("wait")).toBe("Activation in progress.");
    expect(words(true)).toMatch(/^Activated/);
    expect(words(false)).toMatch(/^Not activated/);
  });
});
