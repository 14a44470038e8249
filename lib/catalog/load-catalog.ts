// Builds what the catalogue and product pages show from the cached upstream reads. Pure of
// Next.js: the page-facing wrappers (get-catalog.ts, get-product-detail.ts) add Next's cache.
import type { Money } from "@/lib/money/money";
import type { PricingRules } from "@/lib/pricing/compile-rules";
import { canPriceIn } from "@/lib/pricing/price-voucher";
import { ok, type Result } from "@/lib/result";
import type { CatalogUnavailable } from "./catalog-unavailable";
import { presentDenominations, presentProduct } from "./presentation/present-product";
import type { PresentationSettings } from "./presentation/presentation-settings";
import { readLongDescription } from "./presentation/read-long-description";
import { readPresentation, type PresentationView } from "./presentation/read-presentation";
import { toProduct } from "./map-service";
import { lowestPrice } from "./lowest-price";
import { toDenomination } from "./map-voucher";
import type { CatalogSnapshot, Product, ProductDetail, UnavailableReason } from "./types";
import { cachedGamesList, cachedVouchers, type UpstreamCacheDeps, type VoucherList } from "./upstream-cache";
import type { CacheRead } from "./stale-while-revalidate";

export interface CatalogDeps extends UpstreamCacheDeps {
  /** The pricing rules this request prices with (lib/pricing), read once per request. */
  policy: PricingRules;
  /** How the owner's presentation reads its settings; unset: lib/catalog/presentation's defaults. */
  presentation?: PresentationSettings;
}

/** Upstream reads at once while building the catalogue (each is one call at most per TTL). */
const PARALLEL_READS = 6;

/**
 * The catalogue, or `catalog_unavailable` when the games list cannot be had (no copy, upstream
 * failing): then nothing else is read, and the page says so instead of showing an empty shop.
 */
export async function loadCatalog(deps: CatalogDeps): Promise<Result<CatalogSnapshot, CatalogUnavailable>> {
  const read = await cachedGamesList(deps);
  if (!read.ok) return read;
  const games = read.value;

  // What the owner hides is left out here, so no list, search or "Recommended" can show it.
  const view = await readPresentation(deps, games.value.map((s) => s.id));
  const products = games.value.flatMap((service) => presentProduct(toProduct(service), view) ?? []);
  const fromPrices: Record<number, Money> = {};
  let stale = games.stale;
  await eachLimited(products, PARALLEL_READS, async (product, index) => {
    if (!product.available) return;
    if (product.type === "balance") {
      if (!isPriceable(product, deps.policy)) products[index] = markUnavailable(product, "not_priced");
      return;
    }
    const vouchers = await cachedVouchers(deps, product.id);
    const outcome = denominationsOf(vouchers, deps.policy, product, view);
    stale ||= outcome.stale;
    if (outcome.unavailableReason) products[index] = markUnavailable(product, outcome.unavailableReason);
    const cheapest = lowestPrice(outcome.denominations);
    if (cheapest) fromPrices[product.id] = cheapest;
  });
  return ok({ products, fromPrices, fetchedAt: games.fetchedAt, stale });
}

/**
 * One product; null only when a good games list lacks it. An outage is `catalog_unavailable`,
 * never "not found": a product that exists upstream must not answer 404 while upstream is down.
 */
export async function loadProductDetail(deps: CatalogDeps, id: number): Promise<Result<ProductDetail | null, CatalogUnavailable>> {
  const read = await cachedGamesList(deps);
  if (!read.ok) return read;
  const games = read.value;
  const service = games.value.find((s) => s.id === id);
  if (!service) return ok(null);
  const view = await readPresentation(deps, games.value.map((s) => s.id));
  const shown = presentProduct(toProduct(service), view);
  // Hidden is gone: the same 404 as a product upstream never had.
  if (!shown) return ok(null);
  let product = shown;
  const longDescription = await readLongDescription(deps, id, view);

  if (product.type === "balance") {
    if (product.available && !isPriceable(product, deps.policy)) product = markUnavailable(product, "not_priced");
    return ok({ product, denominations: [], longDescription, fetchedAt: games.fetchedAt, stale: games.stale });
  }
  const outcome = denominationsOf(await cachedVouchers(deps, id), deps.policy, product, view);
  if (outcome.unavailableReason && product.available) product = markUnavailable(product, outcome.unavailableReason);
  return ok({
    product,
    denominations: outcome.denominations,
    longDescription,
    fetchedAt: games.fetchedAt,
    stale: games.stale || outcome.stale,
  });
}

function denominationsOf(read: CacheRead<VoucherList>, rules: PricingRules, product: Product, view: PresentationView) {
  // One product's vouchers failing (103/503, no copy) makes that product out of stock for now;
  // the rest of the page is not out of date, so this is not the "stale" banner.
  if (!read.ok) return { denominations: [], stale: false, unavailableReason: "temporarily_unavailable" as UnavailableReason };
  const list = read.value;
  if (list.value.kind === "none") return { denominations: [], stale: list.stale, unavailableReason: "no_denominations" as UnavailableReason };
  // A voucher the owner hides is neither offered nor counted for "from" prices or availability.
  const owner = { serviceId: product.id, brand: product.brand };
  const denominations = presentDenominations(product.id, list.value.vouchers.map((v) => toDenomination(v, owner, rules)), view);
  const sellable = denominations.some((d) => d.available);
  const reason: UnavailableReason | null = sellable ? null : (denominations.find((d) => d.unavailableReason)?.unavailableReason ?? "no_denominations");
  return { denominations, stale: list.stale, unavailableReason: reason };
}

/** A balance top-up is typed in the service's currency: it needs a rate to the store's. */
function isPriceable(product: Product, rules: PricingRules): boolean {
  return canPriceIn(product.currency, rules);
}

function markUnavailable(product: Product, reason: UnavailableReason): Product {
  return { ...product, available: false, unavailableReason: reason };
}

async function eachLimited<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
