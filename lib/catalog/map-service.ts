// Spec 2.3 (a service of /api/gameslist) → the storefront's Product.
import type { Service } from "@/lib/partner/schemas";
import { slugify } from "@/lib/text/slug";
import type { Product } from "./types";

/** brand is null for services the upstream has not normalised yet; the name stands in. Brand pricing rules are keyed by it. */
export function brandOf(service: Service): string {
  return service.brand ?? service.game_name;
}

export function toProduct(service: Service): Product {
  return {
    id: service.id,
    slug: slugify(service.game_name),
    name: service.game_name,
    // Upstream's words in every language until the owner writes theirs (lib/catalog/presentation).
    names: { en: service.game_name, zh: service.game_name },
    brand: brandOf(service),
    country: service.country,
    region: service.region,
    platform: service.platform,
    description: service.description,
    summaries: { en: service.description, zh: service.description },
    image: null,
    featured: false,
    sortOrder: null,
    type: service.type,
    currency: service.currency,
    discountPercent: service.discount_percent,
    minAmountMinor: null,
    maxAmountMinor: null,
    topUpPresetsMinor: null,
    deliveryTargetMinutes: service.delivery_time_target_minutes,
    deliveryMaxMinutes: service.delivery_time_max_minutes,
    playerCheck: service.account_check,
    reservable: service.request,
    autoActivation: service.activation === "auto",
    available: service.avalible,
    unavailableReason: service.avalible ? null : "out_of_stock",
  };
}
