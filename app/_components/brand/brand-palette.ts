// Artwork for brands we have no drawing for: a gradient and initials derived from the brand
// name alone, so the same brand always looks the same on every page and every server.

/** FNV-1a, 32 bit: tiny, stable across runtimes, spreads similar names apart. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export interface FallbackPalette {
  from: string;
  to: string;
  angle: number;
}

/** Two hues 40–100° apart at a lightness dark enough for white initials to pass AA. */
export function brandPalette(brand: string): FallbackPalette {
  const hash = hashText(brand);
  const hue = hash % 360;
  const spread = 40 + ((hash >>> 9) % 61);
  return {
    from: `hsl(${hue} 70% 38%)`,
    to: `hsl(${(hue + spread) % 360} 75% 28%)`,
    angle: (hash >>> 17) % 2 === 0 ? 1 : -1,
  };
}

/** "Starfall Legends" → "SL", "Arcadia" → "A"; letters of any script. */
export function brandInitials(brand: string): string {
  const words = brand.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? "");
  return letters.join("").toUpperCase() || "?";
}

/** "Kinoko eShop" → "kinoko-eshop": the file name of a brand's artwork. */
export function brandSlug(brand: string): string {
  return brand
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
