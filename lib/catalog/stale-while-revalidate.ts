// A KV-backed read-through cache shared by every instance of the shop. A fresh copy is served
// as is; once expired, ONE caller (holding a KV lock) refreshes it while every other caller is
// served the expired copy, so a traffic spike after expiry costs upstream one call, not one per
// request. With no copy at all, the other callers wait for the lock holder's answer and never
// call upstream themselves; if it does not come in time they get `catalog_unavailable`. When
// upstream fails, the last good copy stays and is marked, so the shop keeps showing what it knew.
// KV failing is not the page failing: a KvError counts as a miss or a lost lock.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { parseJsonOrNull } from "@/lib/kv/json";
import { KvError } from "@/lib/kv/kv-error";
import type { Kv } from "@/lib/kv/kv";
import { acquireLock, type KvLock } from "@/lib/kv/lock";
import { compareAndSet, receiptKey } from "@/lib/kv/scripts";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import { catalogUnavailable, type CatalogUnavailable } from "./catalog-unavailable";

const buildEntrySchema = <T>(value: z.ZodType<T>) =>
  z.object({
    value,
    fetchedAt: z.number().int(),
    /** When the next caller should refresh: the TTL after a good answer, sooner after a failure. */
    refreshAfter: z.number().int(),
    /** Set while the latest refresh failed; cleared by the next good answer. */
    failedAt: z.number().int().optional(),
    failure: z.string().optional(),
  });

/**
 * One entry schema per value schema, built once: zod compiles an object schema on its first
 * parse, so a schema built for every read paid that again on each one, and there are several
 * reads in every checkout and uncached page (docs/architecture-decisions.md item 122).
 */
const entrySchemas = new WeakMap<z.ZodType, z.ZodType>();
function entrySchema<T>(value: z.ZodType<T>): z.ZodType<Entry<T>> {
  let schema = entrySchemas.get(value);
  if (!schema) entrySchemas.set(value, (schema = buildEntrySchema(value)));
  return schema as z.ZodType<Entry<T>>;
}

interface Entry<T> {
  value: T;
  fetchedAt: number;
  refreshAfter: number;
  failedAt?: number;
  failure?: string;
}

/** What was read from KV: the exact text, for compare-and-set, and its entry (null if corrupt). */
interface Stored<T> {
  entry: Entry<T> | null;
  raw: string;
}

export interface Cached<T> {
  value: T;
  fetchedAt: number;
  /** Upstream failed at the last attempt: this is the last good copy. */
  stale: boolean;
}

export type CacheRead<T> = Result<Cached<T>, CatalogUnavailable>;

export interface SwrOptions<T> {
  kv: Kv;
  key: string;
  /** Checks what comes back from KV; a value that fails it counts as a miss. */
  schema: z.ZodType<T>;
  /** How long a copy counts as fresh. */
  ttlMs: number;
  /** The upstream read; its error is a reason for the logs. */
  load: () => Promise<Result<T, string>>;
  clock: Clock;
  /** Longest a refresh may hold the lock: longer than `load` can take, retries included. */
  lockTtlMs: number;
  /** How long a caller with no copy waits for the lock holder's answer before giving up. */
  waitForFirstMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** How long a copy is kept at all: long enough to ride out an upstream outage. */
const KEEP_MS = 7 * 24 * 3600 * 1000;
const RETRY_AFTER_FAILURE_MS = 30_000;
const POLL_MS = 100;
const DEFAULT_WAIT_FOR_FIRST_MS = 10_000;
/** After a first load failed, callers with no copy are told so for this long without asking upstream. */
const FAILURE_MEMORY_MS = 10_000;

export async function readThrough<T>(options: SwrOptions<T>): Promise<CacheRead<T>> {
  const { clock } = options;
  const copy = (await readStored(options))?.entry;
  if (copy) {
    if (clock.now() < copy.refreshAfter) return ok(toCached(copy));
    const refreshed = await refreshUnderLock(options);
    // Someone else is refreshing: serve the expired copy meanwhile.
    return refreshed === "locked" ? ok(toCached(copy)) : refreshed;
  }

  // No copy at all: one caller loads, the others wait for its answer instead of piling on.
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = clock.now() + (options.waitForFirstMs ?? DEFAULT_WAIT_FOR_FIRST_MS);
  for (;;) {
    const failed = await recentFailure(options);
    if (failed) return err(catalogUnavailable(failed));
    const refreshed = await refreshUnderLock(options);
    if (refreshed !== "locked") return refreshed;
    if (clock.now() >= deadline) {
      return err(catalogUnavailable(`${options.key}: no copy yet and another instance's first load did not finish in time`));
    }
    await sleep(POLL_MS);
    const arrived = (await readStored(options))?.entry;
    if (arrived) return ok(toCached(arrived));
  }
}

/** Load under the lock, or "locked" when another caller holds it. */
async function refreshUnderLock<T>(options: SwrOptions<T>): Promise<CacheRead<T> | "locked"> {
  let lock: KvLock | null;
  try {
    lock = await acquireLock(options.kv, `${options.key}:refresh-lock`, options.lockTtlMs);
  } catch (error) {
    // Without KV there is nothing to share: this instance asks upstream and keeps nothing.
    logKvTrouble(options.key, error);
    const loaded = await options.load();
    if (!loaded.ok) return err(catalogUnavailable(loaded.error));
    return ok({ value: loaded.value, fetchedAt: options.clock.now(), stale: false });
  }
  if (!lock) return "locked";
  try {
    // Another caller may have refreshed between our read and our lock: use its copy.
    const current = await readStored(options);
    if (current?.entry && options.clock.now() < current.entry.refreshAfter) return ok(toCached(current.entry));
    return await loadAndStore(options, current);
  } finally {
    await lock.release().catch((error: unknown) => logKvTrouble(options.key, error));
  }
}

async function loadAndStore<T>(options: SwrOptions<T>, previous: Stored<T> | null): Promise<CacheRead<T>> {
  const loaded = await options.load();
  const now = options.clock.now();
  if (loaded.ok) {
    const entry: Entry<T> = { value: loaded.value, fetchedAt: now, refreshAfter: now + options.ttlMs };
    await store(options, previous, entry);
    return ok(toCached(entry));
  }
  if (!previous?.entry) {
    await rememberFailure(options, loaded.error);
    return err(catalogUnavailable(loaded.error));
  }
  // Keep the last good copy, marked, and try upstream again soon rather than a full TTL later.
  const marked: Entry<T> = {
    ...previous.entry,
    refreshAfter: now + Math.min(options.ttlMs, RETRY_AFTER_FAILURE_MS),
    failedAt: now,
    failure: loaded.error,
  };
  await store(options, previous, marked);
  return ok(toCached(marked));
}

/**
 * Write only over the copy we read under the lock. If our lock expired mid-load, whoever took
 * it next may have stored a newer copy; compare-and-set (or SET NX when there was none) keeps
 * theirs instead of overwriting it with ours.
 */
async function store<T>(options: SwrOptions<T>, previous: Stored<T> | null, entry: Entry<T>): Promise<void> {
  const { kv, key } = options;
  const value = JSON.stringify(entry);
  try {
    if (previous) {
      const receipt = receiptKey(key, randomUUID());
      await kv.run(compareAndSet, { keys: { target: key, receipt }, args: { expected: previous.raw, value, ttlMs: KEEP_MS } });
    } else {
      await kv.setIfAbsent(key, value, { ttlMs: KEEP_MS });
    }
  } catch (error) {
    logKvTrouble(key, error);
  }
}

function toCached<T>(entry: Entry<T>): Cached<T> {
  return { value: entry.value, fetchedAt: entry.fetchedAt, stale: entry.failedAt !== undefined };
}

/** The stored copy, or null when there is none, it is corrupt, or KV cannot be read. */
async function readStored<T>({ kv, key, schema }: SwrOptions<T>): Promise<Stored<T> | null> {
  let raw: string | null;
  try {
    raw = await kv.get(key);
  } catch (error) {
    logKvTrouble(key, error);
    return null;
  }
  if (raw === null) return null;
  const last = decoded.get(key);
  if (last && last.raw === raw && last.schema === schema) return { entry: last.entry as Entry<T> | null, raw };
  const entry = parseJsonOrNull(raw, entrySchema(schema));
  if (entry === null) console.error(`[catalog] ignoring a corrupt cache entry at ${key}`);
  decoded.set(key, { raw, schema, entry: entry && deepFreeze(entry) });
  return { entry, raw };
}

/**
 * The last entry decoded at each key, with its exact text and schema. Every checkout's quote
 * and every uncached page read the same copy until a refresh replaces it, and decoding it
 * (JSON and the schema over every service or voucher) was paid on each read; comparing the
 * text is not. The entry is shared by every reader from then on, so it is frozen: a reader
 * that changed it would change it for the next one. One per key, and the keys are few: a games
 * list and a voucher list per service, the partner balance (docs/architecture-decisions.md item 247).
 */
const decoded = new Map<string, { raw: string; schema: z.ZodType; entry: Entry<unknown> | null }>();

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Where a failed first load of `key` is remembered (see rememberFailure). */
export function failureKey(key: string): string {
  return `${key}:failed`;
}

/**
 * A first load that failed is remembered briefly, so the callers that waited for it (and those
 * arriving just after) answer "unavailable" at once instead of each asking upstream again.
 */
async function rememberFailure<T>({ kv, key }: SwrOptions<T>, reason: string): Promise<void> {
  await kv.set(failureKey(key), reason, { ttlMs: FAILURE_MEMORY_MS }).catch((error: unknown) => logKvTrouble(key, error));
}

async function recentFailure<T>({ kv, key }: SwrOptions<T>): Promise<string | null> {
  return kv.get(failureKey(key)).catch((error: unknown) => (logKvTrouble(key, error), null));
}

function logKvTrouble(key: string, error: unknown): void {
  if (!(error instanceof KvError)) throw error;
  console.warn(`[catalog] KV ${error.code} at ${key}: ${error.message}`);
}
