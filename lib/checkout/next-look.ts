// When the buyer's order page should look at an open order again (the Retry-After of GET
// /api/orders/{id}). Each look costs KV commands, billed one by one on Upstash, so the page no
// longer holds a read open re-reading KV (~46 commands per 25 s); it asks again when a change
// is likely. An order moves fastest just after it last moved (a paid order reaches its code
// within tens of milliseconds of the payment, a pending top-up within seconds), so the wait
// grows with the time since the order's last change, and never passes the order's own next
// deadline, when the shop acts on it.
import type { OrderRecord } from "./order-record";
import { isSettled } from "./order-states";

export const LOOK_AGAIN = {
  /** The soonest: a buyer waiting for their code sees it within about a second. */
  minMs: 1_000,
  /** The latest: a page left open on a stuck order costs about 120 looks an hour. */
  maxMs: 30_000,
  /** The share of the time since the last change to wait before looking again. */
  shareOfQuiet: 0.25,
};

/** Milliseconds until the next look, or null when the order is final and nothing will change. */
export function nextLookMs(order: Pick<OrderRecord, "state" | "updatedAt" | "nextCheckAt">, now: number): number | null {
  if (isSettled(order.state)) return null;
  const quiet = Math.max(0, now - order.updatedAt) * LOOK_AGAIN.shareOfQuiet;
  const untilDeadline = order.nextCheckAt === null ? Infinity : order.nextCheckAt - now;
  return Math.round(Math.max(LOOK_AGAIN.minMs, Math.min(LOOK_AGAIN.maxMs, quiet, untilDeadline)));
}
