// What a brand rule is keyed by. Upstream's services carry a `brand` (spec 2.3, null until
// upstream normalises it, when the storefront shows the game's name instead: map-service.ts);
// the key is that name as a slug, the same slug the storefront's brand art is named by, so
// "Vaultline" and "VAULTLINE " are one brand.
import { slugify } from "@/lib/catalog/slug";

export function brandKey(brand: string): string {
  return slugify(brand);
}
