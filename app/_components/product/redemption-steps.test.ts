import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import { redemptionKey } from "./redemption-steps";

describe("redemption steps", () => {
  it("follow the platform's own store", () => {
    expect(redemptionKey("PlayStation")).toBe("playstation");
    expect(redemptionKey(" xbox ")).toBe("xbox");
    expect(messagesOf("en").redeem[redemptionKey("Xbox")].steps.join(" ")).toContain("25-character code");
    expect(messagesOf("zh").redeem[redemptionKey("Nintendo")].where).toBe("Nintendo eShop");
  });

  it("hold everywhere for a platform we have no steps for", () => {
    expect(redemptionKey("Cloud")).toBe("anywhere");
    expect(redemptionKey(null)).toBe("anywhere");
    expect(messagesOf("en").redeem.anywhere.steps).toHaveLength(3);
  });
});
