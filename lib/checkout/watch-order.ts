// Hold a buyer's read of their order until it changes, for the order page's long poll. Every
// instance of a serverless shop may be the one that moves the order (a webhook, the sweep, the
// buyer's own return), and KV is all they share: so the wait re-reads the order's record from
// KV every few hundred milliseconds and answers as soon as its text differs, with no in-memory
// signal another instance would miss. Bounded in time and looks, and ended by the caller's
// signal (the buyer left). An order whose deadline comes during the wait is advanced here, as a
// poll would, so a held request never delays what a poll would have done.
import { createHash } from "node:crypto";
import { err, ok, type Result } from "@/lib/result";
import { advance, type AdvanceDeps } from "./advance";
import type { BuyerOrderError } from "./buyer-order";
import type { OrderRecord } from "./order-record";
import { publicOrder, type PublicOrder } from "./public-order";
import { ORDER_KEYS, type OrderStoreError } from "./store/order-store";

/** The version of what a buyer sees (the ETag): a change the buyer cannot see is no change. */
export function orderVersion(order: PublicOrder): string {
  return createHash("sha256").update(JSON.stringify(order)).digest("base64url").slice(0, 22);
}

export interface WatchOptions {
  /** The version the buyer shows now. */
  since: string;
  /** Answer "unchanged" at this time (deps.clock), at the latest. */
  until: number;
  /** The buyer's request: aborted when they leave. */
  signal?: AbortSignal;
  /** Between looks at KV. */
  intervalMs?: number;
  /** Injected so tests need not wait (a real sleep otherwise, cut short by the signal). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A look every 150 ms: well under a human's notice, ~7 small KV reads a second per buyer. */
const INTERVAL_MS = 150;

/** The order once what the buyer sees has changed; null when it has not by `until` (or they left). */
export async function watchOrder(orderId: string, deps: AdvanceDeps, options: WatchOptions): Promise<Result<PublicOrder | null, BuyerOrderError>> {
  const intervalMs = options.intervalMs ?? INTERVAL_MS;
  const sleep = options.sleep ?? abortableSleep;
  // A bound on looks as well as on time: a clock that stands still cannot hold a request open.
  const maxLooks = Math.ceil(Math.max(0, options.until - deps.clock.now()) / intervalMs) + 1;
  let seen: string | null = null;
  let nextCheckAt: number | null = null;
  for (let look = 0; look < maxLooks && !options.signal?.aborted && deps.clock.now() < options.until; look += 1) {
    await sleep(Math.min(intervalMs, Math.max(0, options.until - deps.clock.now())), options.signal);
    if (options.signal?.aborted) break;
    const due: boolean = nextCheckAt !== null && nextCheckAt <= deps.clock.now();
    // Only the text is read while nothing changes: parsing and the vault wait for a change.
    const text = due ? null : await deps.kv.get(ORDER_KEYS.order(orderId)).catch(() => seen);
    if (!due && text === seen) continue;
    seen = text;
    const read: Result<OrderRecord, OrderStoreError> = due ? await advance(orderId, deps) : await deps.store.read(orderId).then((r) => (r.ok ? ok(r.value.record) : r));
    if (!read.ok) return read.error.code === "not_found" ? err({ code: "not_found" }) : err({ code: "unavailable" });
    nextCheckAt = read.value.nextCheckAt;
    const order = publicOrder(read.value, deps.vault);
    if (orderVersion(order) !== options.since) return ok(order);
  }
  return ok(null);
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
