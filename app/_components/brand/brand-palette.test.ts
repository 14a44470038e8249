import { describe, expect, it } from "vitest";
import { brandInitials, brandPalette, brandSlug, hashText } from "./brand-palette";

describe("fallback brand artwork", () => {
  it("is deterministic per brand and differs between brands", () => {
    expect(brandPalette("Nebula Quest")).toEqual(brandPalette("Nebula Quest"));
    expect(brandPalette("Nebula Quest")).not.toEqual(brandPalette("Nebula Quests"));
    expect(hashText("abc")).toBe(0x1a47e90b);
  });

  it("keeps both colours dark enough for white initials", () => {
    for (const brand of ["A", "Vaultline", "星际", "Orbit Plus", "x".repeat(40)]) {
      const { from, to } = brandPalette(brand);
      expect(from).toMatch(/^hsl\(\d{1,3} 70% 38%\)$/);
      expect(to).toMatch(/^hsl\(\d{1,3} 75% 28%\)$/);
    }
  });

  it("takes initials of the first two words, in any script", () => {
    expect(brandInitials("Starfall Legends")).toBe("SL");
    expect(brandInitials("Neon Drift Racing")).toBe("ND");
    expect(brandInitials("Arcadia")).toBe("A");
    expect(brandInitials("kinoko eShop")).toBe("KE");
    expect(brandInitials("星际 传说")).toBe("星传");
    expect(brandInitials("—")).toBe("?");
  });

  it("slugs brand names into file names", () => {
    expect(brandSlug("Kinoko eShop")).toBe("kinoko-eshop");
    expect(brandSlug("Pokémon  Café!")).toBe("pokemon-cafe");
    expect(brandSlug("Greenbox Ultimate Pass")).toBe("greenbox-ultimate-pass");
  });
});
