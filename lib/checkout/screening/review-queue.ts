// The admin's review queue: held orders by their deadline, in a sorted set beside the orders.
// Added when an order is held (before the hold is saved, so no held order is missing from it),
// dropped once the order is decided; the queue page reads each order and skips (and drops) an
// entry whose order is no longer waiting, so an entry left by a lost save costs one read.
import type { Kv } from "@/lib/kv/kv";

export const REVIEW_QUEUE_KEY = "checkout:review-queue";

export async function enqueueForReview(kv: Kv, orderId: string, deadline: number): Promise<void> {
  await kv.zAdd(REVIEW_QUEUE_KEY, deadline, orderId);
}

export async function dropFromReview(kv: Kv, orderId: string): Promise<void> {
  await kv.zRem(REVIEW_QUEUE_KEY, orderId);
}

/** Held order ids, the nearest deadline first. */
export async function reviewQueue(kv: Kv, limit = 100): Promise<string[]> {
  return (await kv.zRangeByScore(REVIEW_QUEUE_KEY, { limit })).map((entry) => entry.member);
}
