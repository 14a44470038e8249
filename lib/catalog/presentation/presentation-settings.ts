// The settings the presentation reads (lib/config/env.ts), injected so that tests and the
// checkout can give their own. Without them: new services visible, nothing featured, no image host.

export interface PresentationSettings {
  /** CATALOG_NEW_SERVICES: whether services the owner has not reviewed yet are shown. */
  newServices: "visible" | "hidden";
  /** SHOP_FEATURED: the featured flags' first value, used once, when nothing is stored yet. */
  featuredSeed: readonly number[];
  /** SHOP_IMAGE_HOSTS, lower case. */
  imageHosts: readonly string[];
}

/** SHOP_FACE_VALUE_COMPARISON: which comparisons of a price with its face value buyers see ("Save 5%", "8% over face value"). */
export type FaceValueComparison = "all" | "savings" | "none";

export const DEFAULT_PRESENTATION_SETTINGS: PresentationSettings = { newServices: "visible", featuredSeed: [], imageHosts: [] };
