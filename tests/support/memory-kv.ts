// A Kv held in a Map, for property tests that run thousands of schedules: nothing is written to
// disk and every operation completes in a microtask, so a schedule on manual time replays
// exactly. It keeps Redis semantics (TTL through the deadline millisecond, WRONGTYPE, sorted
// sets ordered by score then member) and runs scripts through their JavaScript twins, like the
// embedded driver; tests/kv/kv-contract.test.ts holds it to the same contract as the others.
import type { KvScript, ScriptInput } from "@/lib/kv/define-script";
import type { Kv, ZEntry, ZRangeByScoreOptions } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import type { KvTxn } from "@/lib/kv/kv-txn";
import { incrWithTtl } from "@/lib/kv/scripts/incr-with-ttl";
import { checkCount, checkInteger, checkScore, checkTtl } from "@/lib/kv/validate";

type Entry = { t: "s"; v: string; x: number } | { t: "z"; members: Map<string, number>; x: number };

const INTEGER = /^(0|-?[1-9][0-9]*)$/;

const wrongType = (key: string) => new KvError("wrong_type", `WRONGTYPE key "${key}" holds another kind of value`);

/** The data of one memory store; several Kv views with different prefixes may share it. */
export type MemoryData = Map<string, Entry>;

export function createMemoryKv({ data = new Map(), prefix = "", now = Date.now }: { data?: MemoryData; prefix?: string; now?: () => number } = {}): Kv {
  const k = (key: string) => prefix + key;
  const txn = (): MemoryTxn => new MemoryTxn(data, now());

  async function run<K extends string, A extends string, R>(script: KvScript<K, A, R>, input: ScriptInput<K, A>): Promise<R> {
    const keys = Object.fromEntries(script.keys.map((name) => [name, k(input.keys[name])])) as Record<K, string>;
    const args = Object.fromEntries(script.args.map((name) => [name, String(input.args[name])])) as Record<A, string>;
    let reply;
    try {
      reply = script.embedded(txn(), keys, args);
    } catch (error) {
      throw error instanceof KvError ? error : new KvError("script_failed", String(error));
    }
    const parsed = script.result.safeParse(reply);
    if (!parsed.success) throw new KvError("script_failed", `Script ${script.name} answered ${JSON.stringify(reply)}`);
    return parsed.data;
  }

  return {
    async get(key) {
      return txn().get(k(key));
    },
    async set(key, value, { ttlMs } = {}) {
      checkTtl(ttlMs);
      txn().set(k(key), value, { ttlMs });
    },
    async setIfAbsent(key, value, { ttlMs } = {}) {
      checkTtl(ttlMs);
      const t = txn();
      if (t.exists(k(key))) return false;
      t.set(k(key), value, { ttlMs });
      return true;
    },
    async del(key) {
      return txn().del(k(key));
    },
    async incr(key, { by = 1, ttlMs } = {}) {
      checkInteger("by", by);
      checkTtl(ttlMs);
      if (ttlMs !== undefined) return run(incrWithTtl, { keys: { counter: key }, args: { by, ttlMs } });
      return txn().incrBy(k(key), by);
    },
    async zAdd(key, score, member) {
      checkScore("score", score);
      return txn().zAdd(k(key), score, member);
    },
    async zRangeByScore(key, options: ZRangeByScoreOptions = {}) {
      checkScore("min", options.min);
      checkScore("max", options.max);
      checkCount("offset", options.offset);
      checkCount("limit", options.limit);
      const { min = -Infinity, max = Infinity, offset = 0, limit } = options;
      const inRange = txn().sorted(k(key)).filter((e) => e.score >= min && e.score <= max);
      return inRange.slice(offset, limit === undefined ? undefined : offset + limit);
    },
    async zRevRangeByRank(key, { offset = 0, count }) {
      checkCount("offset", offset);
      checkCount("count", count);
      return txn().sorted(k(key)).reverse().slice(offset, offset + count);
    },
    async zRem(key, member) {
      return txn().zRem(k(key), member);
    },
    async zCard(key) {
      const entry = txn().live(k(key));
      if (!entry) return 0;
      if (entry.t !== "z") throw wrongType(key);
      return entry.members.size;
    },
    run,
    async close() {},
  };
}

class MemoryTxn implements KvTxn {
  constructor(
    private readonly data: MemoryData,
    private readonly now: number,
  ) {}

  live(key: string): Entry | undefined {
    const entry = this.data.get(key);
    // Redis keeps a key through its deadline millisecond and drops it after.
    if (entry && entry.x !== 0 && entry.x < this.now) {
      this.data.delete(key);
      return undefined;
    }
    return entry;
  }

  sorted(key: string): ZEntry[] {
    const entry = this.live(key);
    if (!entry) return [];
    if (entry.t !== "z") throw wrongType(key);
    return [...entry.members]
      .map(([member, score]) => ({ member, score }))
      .sort((a, b) => a.score - b.score || Buffer.compare(Buffer.from(a.member), Buffer.from(b.member)));
  }

  get(key: string): string | null {
    const entry = this.live(key);
    if (!entry) return null;
    if (entry.t !== "s") throw wrongType(key);
    return entry.v;
  }

  set(key: string, value: string, { ttlMs, keepTtl = false }: { ttlMs?: number; keepTtl?: boolean } = {}): void {
    checkTtl(ttlMs);
    const old = this.live(key);
    const x = ttlMs !== undefined ? this.now + ttlMs : keepTtl && old ? old.x : 0;
    this.data.set(key, { t: "s", v: value, x });
  }

  del(key: string): boolean {
    const existed = this.live(key) !== undefined;
    this.data.delete(key);
    return existed;
  }

  exists(key: string): boolean {
    return this.live(key) !== undefined;
  }

  incrBy(key: string, by: number): number {
    checkInteger("by", by);
    const old = this.live(key);
    if (old?.t === "z") throw wrongType(key);
    if (old && !INTEGER.test(old.v)) throw new KvError("not_integer", "ERR value is not an integer or out of range");
    const next = (old ? Number(old.v) : 0) + by;
    if (!Number.isSafeInteger(next)) throw new KvError("not_integer", "ERR increment or decrement would overflow");
    this.data.set(key, { t: "s", v: String(next), x: old?.x ?? 0 });
    return next;
  }

  pexpire(key: string, ttlMs: number): boolean {
    checkInteger("ttlMs", ttlMs);
    const old = this.live(key);
    if (!old) return false;
    if (ttlMs <= 0) this.data.delete(key);
    else old.x = this.now + ttlMs;
    return true;
  }

  zAdd(key: string, score: number, member: string): boolean {
    checkScore("score", score);
    const old = this.live(key);
    if (old?.t === "s") throw wrongType(key);
    const entry = old ?? { t: "z" as const, members: new Map<string, number>(), x: 0 };
    const added = !entry.members.has(member);
    entry.members.set(member, score);
    this.data.set(key, entry);
    return added;
  }

  zRem(key: string, member: string): boolean {
    const old = this.live(key);
    if (!old) return false;
    if (old.t !== "z") throw wrongType(key);
    const removed = old.members.delete(member);
    // Redis deletes a sorted set when its last member goes.
    if (old.members.size === 0) this.data.delete(key);
    return removed;
  }
}
