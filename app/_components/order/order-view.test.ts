import { describe, expect, it } from "vitest";
import type { PublicOrder } from "@/lib/checkout/public-order";
import { messagesOf } from "@/lib/i18n/messages";
import { activationKey } from "./activation-text";
import { lookAgainMs, refreshInterval } from "./fetch-order";

const look = (final: boolean, ms: number) => ({ order: { final } as PublicOrder, lookAgainMs: ms });

describe("the order page", () => {
  it("looks again when the server says, until the order is final, then stops", () => {
    const open = look(false, 1000);
    expect(refreshInterval(look(false, 7000), open)).toBe(7000);
    expect(refreshInterval(look(true, 7000), open)).toBe(0);
    // Before SWR's first fetch: the order the page shows decides, so the timer starts at mount.
    expect(refreshInterval(undefined, open)).toBe(1000);
    expect(refreshInterval(undefined, look(true, 1000))).toBe(0);
    expect(lookAgainMs("12")).toBe(12_000);
    // No hint, or one it cannot read (a proxy dropped or mangled it): every 2 s, as before hints.
    expect(lookAgainMs(null)).toBe(2000);
    expect(lookAgainMs("Wed, 21 Oct 2026 07:28:00 GMT")).toBe(2000);
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
