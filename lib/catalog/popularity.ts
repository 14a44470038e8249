// How often each product sold, for the catalogue's "Recommended" order: counted when an order
// completes, read as one sorted set. A count is a hint for ordering, not money: a sale is
// counted at most once (a receipt per order, written with the count in one script), and one
// lost to a crash right after completion is simply not counted.
import type { Kv } from "@/lib/kv/kv";
import { recordSaleScript } from "./record-sale-script";

const SALES = "catalog:sales";
const count = (productId: number) => `catalog:sales:${productId}`;
const receipt = (orderId: string) => `catalog:sales:counted:${orderId}`;
/** Long enough that a completed order's late wake-up never counts it again. */
const RECEIPT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function recordSale(kv: Kv, orderId: string, productId: number): Promise<void> {
  await kv.run(recordSaleScript, {
    keys: { receipt: receipt(orderId), count: count(productId), sales: SALES },
    args: { member: String(productId), ttlMs: RECEIPT_TTL_MS },
  });
}

/** Sales by product id; products never sold are absent. */
export async function readSales(kv: Kv): Promise<Map<number, number>> {
  const entries = await kv.zRangeByScore(SALES);
  return new Map(entries.map((entry) => [Number(entry.member), entry.score]));
}
