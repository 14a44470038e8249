// What a brand rule is keyed by. Upstream's services carry a `brand` (spec 2.3, null until
// upstream normalises it, when the storefront shows the game's name instead: map-service.ts);
// the key is that name as a slug, the same slug the storefront's brand art is named by, so
// "Vaultline" and "VAULTLINE " are one brand.
import { slugify } from "@/lib/text/slug";

// A catalogue has a few hundred brands and a preview prices every voucher twice: the slug of
// each name is worked out once (Unicode normalisation is the costly part).
const known = new Map<string, string>();
const MAX_KNOWN = 10_000;

export function brandKey(brand: string): string {
  let key = known.get(brand);
  if (key === undefined) {
    if (known.size >= MAX_KNOWN) known.clear();
    key = slugify(brand);
    known.set(brand, key);
  }
  return key;
}
