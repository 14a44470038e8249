// The presentation's settings as this process was configured (lib/config/env.ts). The checkout
// reads them for every quote, so this module stays free of Next's cache: the owner's face-value
// comparison, read through that cache, is in ./face-value-comparison.ts
// (docs/architecture-decisions.md item 279).
import { env } from "@/lib/config/env";
import type { PresentationSettings } from "@/lib/catalog/presentation/presentation-settings";

export function presentationSettings(): PresentationSettings {
  const config = env();
  return { newServices: config.CATALOG_NEW_SERVICES, featuredSeed: config.SHOP_FEATURED, imageHosts: config.SHOP_IMAGE_HOSTS };
}
