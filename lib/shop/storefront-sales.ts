// The low-balance guard and the pause as the storefront's pages show them: a denomination whose
// upstream cost the sale ceiling cannot cover is "temporarily unavailable" (reason balance_low),
// and so is a product with nothing left to sell; with no ceiling left at all, every product.
// Pages are served from Next's cache, so the ceiling and the pause are read through it with
// their own tags (cache-tags.ts), which the sweep and the owner's actions expire when they change.
// The checkout checks the live figures itself; a page is at most one review behind.
import { unstable_cache } from "next/cache";
import type { Cached } from "@/lib/catalog/stale-while-revalidate";
import { catalogDeps } from "./catalog-deps";
import type { CatalogSnapshot, Denomination, ProductDetail } from "@/lib/catalog/types";
import { cachedVouchers, type VoucherList } from "@/lib/catalog/upstream-cache";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { getKv } from "@/lib/kv/get-kv";
import { moneyFromDecimal } from "@/lib/money";
import { covers } from "@/lib/operations/available-balance";
import { readPause } from "@/lib/operations/owner-settings";
import { readSalesCeiling, type SalesCeiling } from "@/lib/operations/sales-ceiling";
import { TAGS } from "./cache-tags";

/** The ceiling as the pages show it; none (sell as usual) when KV cannot be read, at build say. */
export function salesCeiling(): Promise<SalesCeiling> {
  return unstable_cache(
    async () => {
      try {
        return await readSalesCeiling(await getKv(), currentUpstream());
      } catch (error) {
        console.warn(`[operations] sales ceiling not read: ${String(error)}`);
        return null;
      }
    },
    ["ops-page-guard", currentUpstream()],
    { tags: [TAGS.salesCeiling] },
  )();
}

/** Whether the owner has paused sales, as the pages show it. */
export function pagesPaused(): Promise<boolean> {
  return unstable_cache(
    async () => {
      try {
        return (await readPause(await getKv())).paused;
      } catch (error) {
        console.warn(`[operations] pause not read: ${String(error)}`);
        return false;
      }
    },
    ["ops-paused"],
    { tags: [TAGS.salesPause] },
  )();
}

/** With no ceiling left (below the threshold), nothing in the catalogue can be sold. */
export function markUnsellableProducts(snapshot: CatalogSnapshot, ceiling: SalesCeiling, paused: boolean): CatalogSnapshot {
  if (!paused && (ceiling === null || ceiling.ceilingMinor > 0)) return snapshot;
  return { ...snapshot, products: snapshot.products.map((product) => (product.available ? { ...product, available: false, unavailableReason: "balance_low" } : product)) };
}

export async function markUnsellableDenominations(detail: ProductDetail, ceiling: SalesCeiling, paused: boolean): Promise<ProductDetail> {
  if (!detail.product.available) return detail;
  if (paused || (ceiling !== null && ceiling.ceilingMinor <= 0)) return blocked(detail, detail.denominations.map(unavailable));
  if (ceiling === null || detail.product.type !== "voucher") return detail;
  const list = await cachedVouchers(await catalogDeps(), detail.product.id);
  if (!list.ok) return detail;
  const denominations = detail.denominations.map((d) => (d.available && !coveredBy(ceiling, list.value, d) ? unavailable(d) : d));
  return denominations.some((d) => d.available) ? { ...detail, denominations } : blocked(detail, denominations);
}

function coveredBy(ceiling: NonNullable<SalesCeiling>, list: Cached<VoucherList>, denomination: Denomination): boolean {
  if (list.value.kind !== "vouchers") return true;
  const voucher = list.value.vouchers.find((v) => v.voucher_id === denomination.voucherId);
  if (!voucher) return true;
  const cost = moneyFromDecimal(voucher.amount, voucher.currency, "up");
  return !cost.ok || covers(ceiling.ceilingMinor, ceiling.currency, cost.value) !== "not_covered";
}

function unavailable(denomination: Denomination): Denomination {
  return denomination.available ? { ...denomination, available: false, unavailableReason: "balance_low" } : denomination;
}

function blocked(detail: ProductDetail, denominations: Denomination[]): ProductDetail {
  return { ...detail, product: { ...detail.product, available: false, unavailableReason: "balance_low" }, denominations };
}
