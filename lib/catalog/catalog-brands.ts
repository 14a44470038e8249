// What a brand or service rule can be set for: the brands and services of the cached catalogue,
// so the editor offers a list to pick from rather than a key to type. A brand is keyed as the
// rules key it (brand-key.ts): two spellings of one name are one brand, named as first seen.
import type { CatalogUnavailable } from "./catalog-unavailable";
import { brandOf } from "./map-service";
import { cachedGamesList, type UpstreamCacheDeps } from "./upstream-cache";
import type { Service } from "@/lib/partner/schemas";
import { ok, type Result } from "@/lib/result";
import { brandKey } from "@/lib/pricing/brand-key";

export interface CatalogBrand {
  key: string;
  name: string;
  serviceCount: number;
}

export interface CatalogService {
  id: number;
  name: string;
  brandKey: string;
  type: Service["type"];
}

export interface PricingTargets {
  /** By name. */
  brands: CatalogBrand[];
  /** By name, then id. */
  services: CatalogService[];
}

type ServiceFacts = Pick<Service, "id" | "game_name" | "brand" | "type">;
/** brandOf reads only the brand and the game's name. */
const brandName = (service: ServiceFacts) => brandOf(service as Service).trim();

export function pricingTargetsOf(services: readonly ServiceFacts[]): PricingTargets {
  const brands = new Map<string, CatalogBrand>();
  for (const service of services) {
    const name = brandName(service);
    const key = brandKey(name);
    const known = brands.get(key);
    if (known) known.serviceCount++;
    else brands.set(key, { key, name, serviceCount: 1 });
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");
  return {
    brands: [...brands.values()].sort(byName),
    services: services
      .map((service) => ({ id: service.id, name: service.game_name, brandKey: brandKey(brandName(service)), type: service.type }))
      .sort((a, b) => byName(a, b) || a.id - b.id),
  };
}

/** The brands and services of the catalogue as the storefront has it cached now. */
export async function catalogPricingTargets(deps: UpstreamCacheDeps): Promise<Result<PricingTargets, CatalogUnavailable>> {
  const games = await cachedGamesList(deps);
  return games.ok ? ok(pricingTargetsOf(games.value.value)) : games;
}
