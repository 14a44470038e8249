// Next's incremental cache (rendered pages, unstable_cache data) kept in the shop's KV, so that
// every instance on one store serves the same entries and sees the same invalidations.
//
// Invalidation is a time, not a deletion: revalidateTag records when each tag was invalidated
// (a sorted set, tag → time), and an entry written before any of its tags' times is a miss on
// every instance. One range read answers that for all of an entry's tags at once (a page carries
// half a dozen), which matters on Upstash, where each command is an HTTP request. Entries and
// their tags' times are compared on the clocks of the instances that wrote them, so instances
// are expected to keep their clocks in sync (NTP) as any host does.
//
// The times are kept in one sorted set per ENTRY_MAX_MS period. No entry outlives that period
// length, so only the current and the previous set can concern an entry, and older sets are
// deleted whole: removing single old members instead could race with another instance
// invalidating the same tag again and lose its invalidation.
//
// Each instance also keeps the entries it read lately in memory, inflated (docs/architecture-decisions.md
// 243): base64, gunzip and the schema's check of a page's ~130 kB on every view were most of what
// our read cost. Every write of an entry gets a new stamp, kept inside the entry and in a small key
// beside it, so a view reads the stamp instead of the entry (the same number of KV commands) and,
// while it matches, only deserialises the kept bytes: new objects per view, as before, so nothing
// Next does with one view's value reaches another's. The tag times are read on every view as
// before, so an invalidation on one instance is a miss on every instance at once, and a memo of an
// entry another instance has since replaced is at worst an older render no tag has invalidated.
import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Kv } from "@/lib/kv/kv";
import { decodeEntry, encodeEntry, entryFromInflated, type StoredEntry } from "./entry-codec";

/**
 * The longest an entry is kept. Next keeps pages until they are replaced; a shared store should
 * not fill with pages nobody asks for (or with an old release's), and a page older than this is
 * simply rendered again. It also bounds how long tag times are remembered.
 */
export const ENTRY_MAX_MS = 24 * 60 * 60 * 1000;

/**
 * How much of the entries it read an instance keeps, by their inflated size: Next's own
 * default for its memory cache (cacheMaxMemorySize, set to 0 in next.config.mjs so that it
 * keeps no copy that invalidations on other instances cannot reach). About 380 pages of ours.
 */
export const MEMO_MAX_BYTES = 50 * 1024 * 1024;

const tagTimesKey = (period: number) => `next-cache:tag-times:${period}`;
const periodOf = (time: number) => Math.floor(time / ENTRY_MAX_MS);

export interface NextCacheStoreOptions {
  kv: Kv;
  /**
   * The build's id. A page names its build's script files, which another build does not have,
   * so entries are kept per build; tag times are shared, since a release rolling out runs two
   * builds side by side and an invalidation must reach both.
   */
  buildId: string;
  /**
   * The fingerprint of the upstream this process serves (lib/config/upstream-fingerprint.ts). The
   * catalogue's page URLs do not name it, so entries are kept per upstream; tag times are shared
   * as across builds (an invalidation for another upstream costs a render, never a stale page).
   */
  upstream: string;
  /** Milliseconds since the epoch; injected so tests decide what is older than what. */
  now?: () => number;
  /** A new stamp per write, unique across instances; injected so tests can name writes. */
  newStamp?: () => string;
  /** The most bytes of inflated entries kept in memory (MEMO_MAX_BYTES); 0 keeps none. */
  memoMaxBytes?: number;
}

export interface NextCacheStore {
  /** The entry, or null when there is none, it cannot be read, or a tag of it was invalidated after it was written. */
  get(key: string, requestTags: readonly string[]): Promise<StoredEntry | null>;
  set(key: string, entry: Omit<StoredEntry, "lastModified" | "stamp">): Promise<void>;
  /** Every entry carrying one of these tags, on every instance, is a miss from now on. */
  invalidate(tags: readonly string[]): Promise<void>;
}

export function createNextCacheStore({
  kv,
  buildId,
  upstream,
  now = Date.now,
  newStamp = randomUUID,
  memoMaxBytes = MEMO_MAX_BYTES,
}: NextCacheStoreOptions): NextCacheStore {
  const entryKey = (key: string) => `next-cache:${buildId}:${upstream}:entry:${key}`;
  const stampKey = (key: string) => `next-cache:${buildId}:${upstream}:stamp:${key}`;
  // lru-cache refuses maxSize 0; a memo of one byte keeps no entry, which is what 0 asks.
  const memo = new LRUCache<string, { stamp: string; inflated: Buffer }>({
    maxSize: Math.max(1, memoMaxBytes),
    sizeCalculation: ({ inflated }) => Math.max(1, inflated.byteLength),
  });

  async function invalidatedSince(tags: ReadonlySet<string>, since: number): Promise<boolean> {
    const periods = [...new Set([periodOf(since), periodOf(now())])];
    // Inclusive: a tag invalidated in the very millisecond the entry was written may have
    // been invalidated after it; rendering again is only slower, serving it could be wrong.
    const recent = await Promise.all(periods.map((period) => kv.zRangeByScore(tagTimesKey(period), { min: since })));
    return recent.flat().some(({ member }) => tags.has(member));
  }

  /**
   * The entry in KV, decoded and its bytes kept in the memo under `stamp`: the stamp key's value read just
   * before it (which the entry's own may trail if two instances wrote at once: kept under the
   * key's, the next view matches), or, without one, the entry's own.
   */
  async function readEntry(key: string, stamp: string | null): Promise<StoredEntry | null> {
    const text = await kv.get(entryKey(key));
    if (text === null) return null;
    const decoded = await decodeEntry(text);
    if (!decoded.ok) {
      console.warn(`[next-cache] ${key}: ${decoded.error}; rendering it again`);
      return null;
    }
    const { entry, inflated } = decoded.value;
    memo.set(key, { stamp: stamp ?? entry.stamp, inflated });
    return entry;
  }

  /** The memo's entry if the stamp in KV still names it, otherwise the one in KV. */
  async function currentEntry(key: string): Promise<StoredEntry | null> {
    const held = memo.get(key);
    // Nothing held: the entry itself, as one read, carries its stamp.
    if (!held) return readEntry(key, null);
    const stamp = await kv.get(stampKey(key));
    if (stamp === held.stamp) return entryFromInflated(held.inflated);
    memo.delete(key);
    // No stamp: the entry expired, or its writer stopped between the two writes; read as before.
    return readEntry(key, stamp);
  }

  return {
    async get(key, requestTags) {
      const entry = await currentEntry(key);
      if (entry === null) return null;
      // Past its TTL on another clock: its tags' times may be forgotten already.
      if (now() - entry.lastModified >= ENTRY_MAX_MS) {
        memo.delete(key);
        return null;
      }
      const tags = new Set([...entry.tags, ...requestTags]);
      // A tag's time only ever moves later, so an entry invalidated once stays a miss: not kept.
      if (tags.size > 0 && (await invalidatedSince(tags, entry.lastModified))) {
        memo.delete(key);
        return null;
      }
      return entry;
    },

    async set(key, entry) {
      const ttlMs = entryTtlMs(entry.cacheControl?.expire);
      // expire 0 is Next's "never serve this from a cache": nothing worth keeping.
      if (ttlMs === 0) return;
      const stamp = newStamp();
      // The entry first: a stamp in KV always names an entry that is there (or one written after it).
      await kv.set(entryKey(key), await encodeEntry({ ...entry, lastModified: now(), stamp }), { ttlMs });
      await kv.set(stampKey(key), stamp, { ttlMs });
      memo.delete(key);
    },

    async invalidate(tags) {
      const at = now();
      const key = tagTimesKey(periodOf(at));
      await Promise.all([...new Set(tags)].map((tag) => kv.zAdd(key, at, tag)));
      // Nobody reads or writes the set before the previous one any more.
      await kv.del(tagTimesKey(periodOf(at) - 2));
    },
  };
}

/** Kept until Next would no longer serve it (its expire time), at most ENTRY_MAX_MS. */
export function entryTtlMs(expireSeconds: number | undefined): number {
  if (expireSeconds === undefined) return ENTRY_MAX_MS;
  return Math.min(Math.max(0, Math.ceil(expireSeconds * 1000)), ENTRY_MAX_MS);
}
