// The storage interface every part of the storefront uses. It keeps Redis semantics so the
// same code runs on Upstash (REST), Redis (TCP) and the embedded LMDB store, and holds only
// what the project needs: strings with TTL, counters, sorted sets and atomic scripts.
import type { KvScript, ScriptInput } from "./define-script";

export interface TtlOptions {
  /** Time to live in milliseconds (a positive integer); omitted means no expiry. */
  ttlMs?: number;
}

export interface IncrOptions extends TtlOptions {
  /** Amount to add, a safe integer (negative to decrement); defaults to 1. */
  by?: number;
  // ttlMs applies only when this call creates the key, so a window counter keeps its
  // first deadline however often it is bumped.
}

export interface ZEntry {
  member: string;
  score: number;
}

export interface ZRangeByScoreOptions {
  /** Lowest score included; defaults to no lower bound. */
  min?: number;
  /** Highest score included; defaults to no upper bound. */
  max?: number;
  /** Entries to skip from the low end. */
  offset?: number;
  /** Most entries to return; defaults to all. */
  limit?: number;
}

export interface ZRevRangeOptions {
  /** Entries to skip from the high end. */
  offset?: number;
  count: number;
}

export interface Kv {
  /** The string at `key`, or null when it is missing or expired. */
  get(key: string): Promise<string | null>;

  /** Store `value`; like Redis SET, an existing TTL is dropped unless `ttlMs` sets a new one. */
  set(key: string, value: string, options?: TtlOptions): Promise<void>;

  /** SET NX: store only if `key` is absent. True when this call stored it (took the lock). */
  setIfAbsent(key: string, value: string, options?: TtlOptions): Promise<boolean>;

  /** Delete `key` of any kind. True when something was there. */
  del(key: string): Promise<boolean>;

  /** Atomically add to the integer at `key` (missing counts as 0) and return the new value. */
  incr(key: string, options?: IncrOptions): Promise<number>;

  /** Add `member` with `score`, or move it to `score` if present. True when it was new. */
  zAdd(key: string, score: number, member: string): Promise<boolean>;

  /** Members with min <= score <= max, lowest score first (ties by member, bytewise). */
  zRangeByScore(key: string, options?: ZRangeByScoreOptions): Promise<ZEntry[]>;

  /** Members by rank from the highest score down: "the latest N" of a time index. */
  zRevRangeByRank(key: string, options: ZRevRangeOptions): Promise<ZEntry[]>;

  /** Remove `member`. True when it was there. */
  zRem(key: string, member: string): Promise<boolean>;

  /** Number of members in the sorted set at `key`. */
  zCard(key: string): Promise<number>;

  /** Run one of the scripts in lib/kv/scripts atomically and return its parsed result. */
  run<K extends string, A extends string, R>(script: KvScript<K, A, R>, input: ScriptInput<K, A>): Promise<R>;

  /** Release connections and file handles; the instance is unusable afterwards. */
  close(): Promise<void>;
}
