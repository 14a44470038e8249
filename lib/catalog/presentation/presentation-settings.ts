// Browser-safe: the settings the presentation reads (lib/config/env.ts), injected so that tests and the
// checkout can give their own. Without them: new services visible, nothing featured, no image host.

export interface PresentationSettings {
  /** CATALOG_NEW_SERVICES: whether services the owner has not reviewed yet are shown. */
  newServices: "visible" | "hidden";
  /** SHOP_FEATURED: the featured flags' first value, used once, when nothing is stored yet. */
  featuredSeed: readonly number[];
  /** SHOP_IMAGE_HOSTS, lower case. */
  imageHosts: readonly string[];
}

/**
 * Which comparisons of a price with its face value buyers see ("Save 5%", "8% over face value"):
 * the owner's choice in the admin (face-value-setting.ts), seeded by SHOP_FACE_VALUE_COMPARISON.
 */
export const FACE_VALUE_COMPARISONS = ["all", "savings", "none"] as const;
export type FaceValueComparison = (typeof FACE_VALUE_COMPARISONS)[number];

export const DEFAULT_PRESENTATION_SETTINGS: PresentationSettings = { newServices: "visible", featuredSeed: [], imageHosts: [] };
