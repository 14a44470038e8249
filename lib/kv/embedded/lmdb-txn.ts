// Redis commands on the LMDB layout of open-store.ts. StoreReader answers reads from a
// snapshot; LmdbTxn adds the writes and must only be used inside one LMDB write transaction,
// which is what makes a script's several commands atomic across processes.
import type { ZEntry, ZRangeByScoreOptions } from "../kv";
import { KvError } from "../kv-error";
import type { KvTxn } from "../kv-txn";
import { checkInteger, checkScore, checkTtl } from "../validate";
import { TOP, checkKey, decodeExpiryKey, decodeOrderKey, expiryKey, keyPart, memberKey, orderKey } from "./binary-keys";
import type { KeyRecord, LmdbStore } from "./open-store";

/** Redis accepts only canonical decimal integers for INCR: no sign, spaces or leading zeros. */
const INTEGER = /^(0|-?[1-9][0-9]*)$/;

const EMPTY = Buffer.alloc(0);

function wrongType(key: string): KvError {
  return new KvError("wrong_type", `WRONGTYPE key "${key}" holds another kind of value`);
}

export class StoreReader {
  /** Expired keys met by this reader; the caller may purge them in a write transaction. */
  readonly expiredKeys: string[] = [];

  constructor(
    protected readonly store: LmdbStore,
    /** One clock reading for the whole operation, as Redis uses one time for a script. */
    protected readonly now: number,
  ) {}

  protected live(key: string): KeyRecord | undefined {
    const record = this.store.keys.get(checkKey(key));
    if (!record) return undefined;
    // Redis keeps a key through its deadline millisecond and drops it after.
    if (record.x !== 0 && record.x < this.now) {
      this.onExpired(key);
      return undefined;
    }
    return record;
  }

  protected onExpired(key: string): void {
    this.expiredKeys.push(key);
  }

  get(key: string): string | null {
    const record = this.live(key);
    if (!record) return null;
    if (record.t !== "s") throw wrongType(key);
    return record.v;
  }

  exists(key: string): boolean {
    return this.live(key) !== undefined;
  }

  /** Members' count, or 0 for a missing key; a string key is a wrong type. */
  zCard(key: string): number {
    const record = this.live(key);
    if (!record) return 0;
    if (record.t !== "z") throw wrongType(key);
    return record.n;
  }

  zRangeByScore(key: string, { min = -Infinity, max = Infinity, offset, limit }: ZRangeByScoreOptions): ZEntry[] {
    if (this.zCard(key) === 0 || min > max || limit === 0) return [];
    const prefix = keyPart(key);
    const range = this.store.zorder.getKeys({
      start: orderKey(key, min, ""),
      end: Buffer.concat([orderKey(key, max, ""), TOP]),
      offset,
      limit,
    });
    return [...range].map((bytes) => decodeOrderKey(prefix.length, bytes));
  }

  zRevRangeByRank(key: string, offset: number, count: number): ZEntry[] {
    if (this.zCard(key) === 0 || count === 0) return [];
    const prefix = keyPart(key);
    const range = this.store.zorder.getKeys({
      start: Buffer.concat([prefix, TOP]),
      end: prefix,
      reverse: true,
      offset,
      limit: count,
    });
    return [...range].map((bytes) => decodeOrderKey(prefix.length, bytes));
  }
}

export class LmdbTxn extends StoreReader implements KvTxn {
  protected override onExpired(key: string): void {
    const record = this.store.keys.get(key);
    if (record) this.remove(key, record);
  }

  set(key: string, value: string, { ttlMs, keepTtl = false }: { ttlMs?: number; keepTtl?: boolean } = {}): void {
    checkTtl(ttlMs);
    const old = this.live(key);
    if (old?.t === "z") this.remove(key, old);
    const x = ttlMs !== undefined ? this.now + ttlMs : keepTtl && old ? old.x : 0;
    this.write(key, { t: "s", v: value, x }, old?.t === "s" ? old : undefined);
  }

  del(key: string): boolean {
    const record = this.live(key);
    if (record) this.remove(key, record);
    return record !== undefined;
  }

  incrBy(key: string, by: number): number {
    checkInteger("by", by);
    const old = this.live(key);
    if (old?.t === "z") throw wrongType(key);
    if (old && !INTEGER.test(old.v)) throw new KvError("not_integer", "ERR value is not an integer or out of range");
    const next = (old ? Number(old.v) : 0) + by;
    if (!Number.isSafeInteger(next)) throw new KvError("not_integer", "ERR increment or decrement would overflow");
    this.write(key, { t: "s", v: String(next), x: old?.x ?? 0 }, old);
    return next;
  }

  pexpire(key: string, ttlMs: number): boolean {
    checkInteger("ttlMs", ttlMs);
    const old = this.live(key);
    if (!old) return false;
    // As in Redis, a deadline that has already passed deletes the key.
    if (ttlMs <= 0) this.remove(key, old);
    else this.write(key, { ...old, x: this.now + ttlMs }, old);
    return true;
  }

  zAdd(key: string, score: number, member: string): boolean {
    checkScore("score", score);
    const old = this.live(key);
    if (old?.t === "s") throw wrongType(key);
    const byMember = memberKey(key, member);
    const previous = old ? this.store.zscore.get(byMember) : undefined;
    if (previous !== undefined) this.store.zorder.removeSync(orderKey(key, previous, member));
    this.store.zorder.putSync(orderKey(key, score, member), EMPTY);
    this.store.zscore.putSync(byMember, score);
    const added = previous === undefined;
    this.write(key, { t: "z", n: (old?.n ?? 0) + (added ? 1 : 0), x: old?.x ?? 0 }, old);
    return added;
  }

  zRem(key: string, member: string): boolean {
    const old = this.live(key);
    if (!old) return false;
    if (old.t !== "z") throw wrongType(key);
    const byMember = memberKey(key, member);
    const previous = this.store.zscore.get(byMember);
    if (previous === undefined) return false;
    this.store.zorder.removeSync(orderKey(key, previous, member));
    this.store.zscore.removeSync(byMember);
    // Redis deletes a sorted set when its last member goes.
    if (old.n === 1) this.remove(key, old);
    else this.write(key, { ...old, n: old.n - 1 }, old);
    return true;
  }

  /** Delete `key` if it has expired. */
  purge(key: string): void {
    this.live(key);
  }

  /** Delete up to `limit` expired keys, oldest deadline first; keys nobody reads again go too. */
  sweep(limit: number): void {
    const due = this.store.expiry.getKeys({ limit }).filter((bytes) => decodeExpiryKey(bytes).expiresAt < this.now);
    for (const bytes of [...due]) {
      const { key } = decodeExpiryKey(bytes);
      const record = this.store.keys.get(key);
      if (record) this.remove(key, record);
      this.store.expiry.removeSync(bytes);
    }
  }

  private write(key: string, record: KeyRecord, old: KeyRecord | undefined): void {
    if (old && old.x !== record.x && old.x !== 0) this.store.expiry.removeSync(expiryKey(old.x, key));
    if (record.x !== 0 && old?.x !== record.x) this.store.expiry.putSync(expiryKey(record.x, key), EMPTY);
    this.store.keys.putSync(key, record);
  }

  private remove(key: string, record: KeyRecord): void {
    if (record.t === "z") {
      const prefix = keyPart(key);
      const end = Buffer.concat([prefix, TOP]);
      for (const bytes of [...this.store.zorder.getKeys({ start: prefix, end })]) this.store.zorder.removeSync(bytes);
      for (const bytes of [...this.store.zscore.getKeys({ start: prefix, end })]) this.store.zscore.removeSync(bytes);
    }
    if (record.x !== 0) this.store.expiry.removeSync(expiryKey(record.x, key));
    this.store.keys.removeSync(key);
  }
}
