import { describe, expect, it } from "vitest";
import { redemptionFor } from "./redemption-steps";

describe("redemption steps", () => {
  it("follow the platform's own store", () => {
    expect(redemptionFor("PlayStation").where).toBe("PlayStation Store");
    expect(redemptionFor("xbox").steps.join(" ")).toContain("25-character code");
    expect(redemptionFor("Nintendo").where).toBe("Nintendo eShop");
  });

  it("hold everywhere for a platform we have no steps for", () => {
    expect(redemptionFor("Cloud").where).toBe("the game or store the code is for");
    expect(redemptionFor(null).steps).toHaveLength(3);
  });
});
