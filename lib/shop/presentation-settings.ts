// The presentation's settings as this process was configured (lib/config/env.ts).
import { env } from "@/lib/config/env";
import type { FaceValueComparison, PresentationSettings } from "@/lib/catalog/presentation/presentation-settings";

export function presentationSettings(): PresentationSettings {
  const config = env();
  return { newServices: config.CATALOG_NEW_SERVICES, featuredSeed: config.SHOP_FEATURED, imageHosts: config.SHOP_IMAGE_HOSTS };
}

/** The owner's choice of face-value comparisons on the product page (SHOP_FACE_VALUE_COMPARISON). */
export function faceValueComparison(): FaceValueComparison {
  return env().SHOP_FACE_VALUE_COMPARISON;
}
