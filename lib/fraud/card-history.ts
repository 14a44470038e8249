// What the shop remembers of a card by its fingerprint: the orders it authorized and the
// declines it had, each a sorted set scored by time, so "how many in the last day" is one read.
// A member is an order or charge id, so recording the same one twice counts it once.
import type { Kv } from "@/lib/kv/kv";

const ordersKey = (card: string) => `fraud:card:${card}:orders`;
const declinesKey = (card: string) => `fraud:card:${card}:declines`;

export async function recordCardOrder(kv: Kv, card: string, orderId: string, at: number): Promise<void> {
  await kv.zAdd(ordersKey(card), at, orderId);
}

/** A declined charge of the card (the checkout sees them on the payment's failed attempts). */
export async function recordCardDecline(kv: Kv, card: string, chargeId: string, at: number): Promise<void> {
  await kv.zAdd(declinesKey(card), at, chargeId);
}

/** The card's orders other than `orderId`, and its declines, since `since`. */
export async function cardCounts(kv: Kv, card: string, since: number, orderId: string): Promise<{ orders: number; declines: number }> {
  const [orders, declines] = await Promise.all([kv.zRangeByScore(ordersKey(card), { min: since }), kv.zRangeByScore(declinesKey(card), { min: since })]);
  return { orders: orders.filter((entry) => entry.member !== orderId).length, declines: declines.length };
}
