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
import { readOrderText, type OrderStoreError } from "./store/order-store";

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
  /** The waits between looks at KV (LOOKS unless a test sets its own). */
  pacing?: Pacing;
  /** Injected so tests need not wait (a real sleep otherwise, cut short by the signal). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The first wait, each next one `growth` times the last, none longer than `maxMs`. */
export interface Pacing {
  firstMs: number;
  growth: number;
  maxMs: number;
}

/**
 * A held read begins as the buyer's page shows a state, and a paid order moves on within tens
 * of milliseconds: so the first look comes soon, and the waits grow from there. A change that
 * came t ms into the hold is seen at most t ms later (and within a second), and a long hold
 * costs few KV reads, where a short fixed look cost many and still made the buyer wait for each
 * change (docs/architecture-decisions.md item 92 has the figures).
 */
export const LOOKS: Pacing = { firstMs: 20, growth: 1.5, maxMs: 1000 };

/** The waits of a hold of `ms` under `pacing`, in order, in whole milliseconds. */
export function waitsWithin(ms: number, pacing: Pacing): number[] {
  const waits: number[] = [];
  for (let at = 0, wait = pacing.firstMs; at < ms; at += wait, wait = Math.min(pacing.maxMs, Math.round(wait * pacing.growth))) waits.push(wait);
  return waits;
}

/** The order once what the buyer sees has changed; null when it has not by `until` (or they left). */
export async function watchOrder(orderId: string, deps: AdvanceDeps, options: WatchOptions): Promise<Result<PublicOrder | null, BuyerOrderError>> {
  const sleep = options.sleep ?? abortableSleep;
  // A bound on looks as well as on time: a clock that stands still cannot hold a request open.
  const waits = waitsWithin(Math.max(0, options.until - deps.clock.now()), options.pacing ?? LOOKS);
  let seen: string | null = null;
  let nextCheckAt: number | null = null;
  for (const wait of waits) {
    if (options.signal?.aborted || deps.clock.now() >= options.until) break;
    await sleep(Math.min(wait, Math.max(0, options.until - deps.clock.now())), options.signal);
    if (options.signal?.aborted) break;
    const due: boolean = nextCheckAt !== null && nextCheckAt <= deps.clock.now();
    // Only the text is read while nothing changes: parsing and the vault wait for a change.
    const text = due ? null : await readOrderText(deps.kv, orderId).catch(() => seen);
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

/** A real sleep, cut short when `signal` fires. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
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
