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
import type { Kv } from "@/lib/kv/kv";
import type { Result } from "@/lib/result";
import { decodeEntry, encodeEntry, type StoredEntry } from "./entry-codec";

/**
 * The longest an entry is kept. Next keeps pages until they are replaced; a shared store should
 * not fill with pages nobody asks for (or with an old release's), and a page older than this is
 * simply rendered again. It also bounds how long tag times are remembered.
 */
export const ENTRY_MAX_MS = 24 * 60 * 60 * 1000;

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
  /**
   * Turns a key's stored text into its entry: decodeEntry, or an entry memo's decode
   * (entry-memo.ts), which skips the work while the text is the one it decoded last.
   */
  decode?: (key: string, text: string) => Promise<Result<StoredEntry, string>>;
}

export interface NextCacheStore {
  /** The entry, or null when there is none, it cannot be read, or a tag of it was invalidated after it was written. */
  get(key: string, requestTags: readonly string[]): Promise<StoredEntry | null>;
  set(key: string, entry: Omit<StoredEntry, "lastModified">): Promise<void>;
  /** Every entry carrying one of these tags, on every instance, is a miss from now on. */
  invalidate(tags: readonly string[]): Promise<void>;
}

export function createNextCacheStore({ kv, buildId, upstream, now = Date.now, decode = (_key, text) => decodeEntry(text) }: NextCacheStoreOptions): NextCacheStore {
  const entryKey = (key: string) => `next-cache:${buildId}:${upstream}:entry:${key}`;

  async function invalidatedSince(tags: ReadonlySet<string>, since: number): Promise<boolean> {
    const periods = [...new Set([periodOf(since), periodOf(now())])];
    // Inclusive: a tag invalidated in the very millisecond the entry was written may have
    // been invalidated after it; rendering again is only slower, serving it could be wrong.
    const recent = await Promise.all(periods.map((period) => kv.zRangeByScore(tagTimesKey(period), { min: since })));
    return recent.flat().some(({ member }) => tags.has(member));
  }

  return {
    async get(key, requestTags) {
      const text = await kv.get(entryKey(key));
      if (text === null) return null;
      const decoded = await decode(key, text);
      if (!decoded.ok) {
        console.warn(`[next-cache] ${key}: ${decoded.error}; rendering it again`);
        return null;
      }
      const entry = decoded.value;
      // Past its TTL on another clock: its tags' times may be forgotten already.
      if (now() - entry.lastModified >= ENTRY_MAX_MS) return null;
      const tags = new Set([...entry.tags, ...requestTags]);
      if (tags.size > 0 && (await invalidatedSince(tags, entry.lastModified))) return null;
      return entry;
    },

    async set(key, entry) {
      const ttlMs = entryTtlMs(entry.cacheControl?.expire);
      // expire 0 is Next's "never serve this from a cache": nothing worth keeping.
      if (ttlMs === 0) return;
      await kv.set(entryKey(key), await encodeEntry({ ...entry, lastModified: now() }), { ttlMs });
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
