// What the storefront's pages show as sellable: the sale ceiling (sale-check.ts) as of the last
// review of the balance. Pages are static and served from Next's cache, so they cannot ask per
// view; a review that changes the ceiling writes it here and the caller expires the pages'
// tag (TAGS.salesCeiling, lib/shop/cache-tags.ts). The checkout does not rely on it: it checks the live figures itself.
import { z } from "zod";
import { getJsonOrNull } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { OPS_KEYS } from "./keys";

const salesCeilingSchema = z.object({ ceilingMinor: z.number().int(), currency: z.string() }).nullable();
export type SalesCeiling = z.infer<typeof salesCeilingSchema>;

/** Null, so every product shows as sellable, when none is stored or it is unreadable. */
export function readSalesCeiling(kv: Kv, upstream: string): Promise<SalesCeiling> {
  return getJsonOrNull(kv, OPS_KEYS.salesCeiling(upstream), salesCeilingSchema);
}

/** True when it changed, so the caller expires the pages that show it. */
export async function writeSalesCeiling(kv: Kv, upstream: string, ceiling: SalesCeiling): Promise<boolean> {
  const before = await readSalesCeiling(kv, upstream);
  if (JSON.stringify(before) === JSON.stringify(ceiling)) return false;
  await kv.set(OPS_KEYS.salesCeiling(upstream), JSON.stringify(ceiling));
  return true;
}
