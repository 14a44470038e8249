import { describe, expect, it } from "vitest";
import { pricingTargetsOf } from "./catalog-brands";

const service = (id: number, game_name: string, brand: string | null, type: "voucher" | "balance" = "voucher") => ({ id, game_name, brand, type });

describe("pricingTargetsOf", () => {
  it("lists each brand once by its rules key, the game's name standing in for a missing brand", () => {
    const targets = pricingTargetsOf([
      service(102, "Vaultline Gift Card (EU)", "Vaultline"),
      service(1, "Vaultline Wallet Top-Up", "VAULTLINE ", "balance"),
      service(201, "Orbit Network Store Card (US)", "Orbit Network"),
      service(7, "Arcadia Cloud Pass", null),
    ]);
    expect(targets.brands).toEqual([
      { key: "arcadia-cloud-pass", name: "Arcadia Cloud Pass", serviceCount: 1 },
      { key: "orbit-network", name: "Orbit Network", serviceCount: 1 },
      { key: "vaultline", name: "Vaultline", serviceCount: 2 },
    ]);
    expect(targets.services.map((s) => [s.id, s.brandKey, s.type])).toEqual([
      [7, "arcadia-cloud-pass", "voucher"],
      [201, "orbit-network", "voucher"],
      [102, "vaultline", "voucher"],
      [1, "vaultline", "balance"],
    ]);
  });

  it("has nothing to offer for an empty catalogue", () => {
    expect(pricingTargetsOf([])).toEqual({ brands: [], services: [] });
  });
});
