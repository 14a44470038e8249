// A KV-backed read-through cache shared by every instance of the shop. A fresh copy is served
// as is; once expired, ONE caller (holding a KV lock) refreshes it while every other caller is
// served the expired copy, so a traffic spike after expiry costs upstream one call, not one per
// request. The refreshing caller waits for upstream: in the storefront that caller is Next's
// background regeneration, which itself serves its previous page meanwhile. When upstream
// fails, the last good copy stays and is marked, so the shop keeps showing what it knew.
import { randomUUID } from "node:crypto";
import type { Kv } from "@/lib/kv/kv";
import { releaseLock } from "@/lib/kv/scripts";
import type { Clock } from "@/lib/time/clock";

interface Entry<T> {
  value: T;
  fetchedAt: number;
  /** When the next caller should refresh: the TTL after a good answer, sooner after a failure. */
  refreshAfter: number;
  /** Set while the latest refresh failed; cleared by the next good answer. */
  failedAt?: number;
  failure?: string;
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; failure: string };

export interface Cached<T> {
  value: T;
  fetchedAt: number;
  /** Upstream failed at the last attempt: this is the last good copy. */
  stale: boolean;
}

export interface SwrOptions<T> {
  kv: Kv;
  key: string;
  /** How long a copy counts as fresh. */
  ttlMs: number;
  load: () => Promise<Loaded<T>>;
  clock: Clock;
  /** Longest a refresh may hold the lock. */
  lockTtlMs?: number;
  /** How long a caller with no copy waits for another caller's first load. */
  waitForFirstMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** How long a copy is kept at all: long enough to ride out an upstream outage. */
const KEEP_MS = 7 * 24 * 3600 * 1000;
const RETRY_AFTER_FAILURE_MS = 30_000;

export async function readThrough<T>(options: SwrOptions<T>): Promise<Cached<T> | { failure: string }> {
  const { kv, key, clock } = options;
  const entry = await readEntry<T>(kv, key);
  if (entry) {
    if (clock.now() < entry.refreshAfter) return toCached(entry);
    const refreshed = await refreshUnderLock(options, entry);
    return refreshed === "locked" ? toCached(entry) : refreshed;
  }

  // No copy at all: one caller loads, the others wait for its answer instead of piling on.
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = clock.now() + (options.waitForFirstMs ?? 5_000);
  for (;;) {
    const refreshed = await refreshUnderLock(options, null);
    if (refreshed !== "locked") return refreshed;
    await sleep(100);
    const arrived = await readEntry<T>(kv, key);
    if (arrived) return toCached(arrived);
    if (clock.now() >= deadline) return toCached(await loadAndStore(options, null));
  }
}

async function refreshUnderLock<T>(options: SwrOptions<T>, previous: Entry<T> | null): Promise<Cached<T> | { failure: string } | "locked"> {
  const lockKey = `${options.key}:refresh-lock`;
  const token = randomUUID();
  const locked = await options.kv.setIfAbsent(lockKey, token, { ttlMs: options.lockTtlMs ?? 30_000 });
  if (!locked) return "locked";
  try {
    return toCached(await loadAndStore(options, previous));
  } finally {
    await options.kv.run(releaseLock, { keys: { lock: lockKey }, args: { token } });
  }
}

async function loadAndStore<T>(options: SwrOptions<T>, previous: Entry<T> | null): Promise<Entry<T> | { failure: string }> {
  const loaded = await options.load();
  const now = options.clock.now();
  if (loaded.ok) {
    const entry: Entry<T> = { value: loaded.value, fetchedAt: now, refreshAfter: now + options.ttlMs };
    await options.kv.set(options.key, JSON.stringify(entry), { ttlMs: KEEP_MS });
    return entry;
  }
  if (!previous) return { failure: loaded.failure };
  // Keep the last good copy, marked, and try upstream again soon rather than a full TTL later.
  const marked: Entry<T> = {
    ...previous,
    refreshAfter: now + Math.min(options.ttlMs, RETRY_AFTER_FAILURE_MS),
    failedAt: now,
    failure: loaded.failure,
  };
  await options.kv.set(options.key, JSON.stringify(marked), { ttlMs: KEEP_MS });
  return marked;
}

function toCached<T>(entry: Entry<T> | { failure: string }): Cached<T> | { failure: string } {
  if (!("value" in entry)) return entry;
  return { value: entry.value, fetchedAt: entry.fetchedAt, stale: entry.failedAt !== undefined };
}

async function readEntry<T>(kv: Kv, key: string): Promise<Entry<T> | null> {
  const raw = await kv.get(key);
  return raw === null ? null : (JSON.parse(raw) as Entry<T>);
}
