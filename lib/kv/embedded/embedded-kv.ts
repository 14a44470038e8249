// The default driver: an LMDB store in a local folder, so the shop runs with nothing installed
// and keeps its data across restarts. Every write is an LMDB write transaction, which is
// atomic across all processes that open the folder; TTLs are checked on every read.
import type { KvScript, ScriptInput } from "../define-script";
import type { Kv } from "../kv";
import { KvError } from "../kv-error";
import { incrWithTtl } from "../scripts/incr-with-ttl";
import { checkCount, checkInteger, checkScore, checkTtl } from "../validate";
import { LmdbTxn, StoreReader } from "./lmdb-txn";
import { openStore } from "./open-store";

/** How often a process clears expired keys nobody reads again, and how many at a time. */
const SWEEP_INTERVAL_MS = 1000;
const SWEEP_BATCH = 100;

export interface EmbeddedKvOptions {
  /** Folder of the LMDB files; created if missing. */
  dir: string;
  prefix?: string;
  /** Milliseconds since the epoch; injected so TTL tests need not sleep. */
  now?: () => number;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function createEmbeddedKv({ dir, prefix = "", now = Date.now }: EmbeddedKvOptions): Kv {
  const store = openStore(dir);
  const k = (key: string) => prefix + key;
  let lastSweep = 0;

  async function write<T>(action: (txn: LmdbTxn) => T): Promise<T> {
    // The error travels out of the callback as a value: LMDB would commit what the callback
    // wrote before throwing anyway (as Redis keeps a failed script's earlier writes), and this
    // way the other operations batched into the same transaction are not disturbed.
    const outcome = await store.env.transaction((): Outcome<T> => {
      const txn = new LmdbTxn(store, now());
      try {
        const value = action(txn);
        if (now() - lastSweep >= SWEEP_INTERVAL_MS) {
          lastSweep = now();
          txn.sweep(SWEEP_BATCH);
        }
        return { ok: true, value };
      } catch (error) {
        return { ok: false, error };
      }
    });
    if (!outcome.ok) throw asKvError(outcome.error, "unavailable");
    return outcome.value;
  }

  function read<T>(action: (reader: StoreReader) => T): T {
    const reader = new StoreReader(store, now());
    let value: T;
    try {
      value = action(reader);
    } catch (error) {
      throw asKvError(error, "unavailable");
    }
    // Expired keys are hidden at once and deleted in the background; if that delete fails the
    // next write to the key or the sweep removes it, so there is nothing to report.
    for (const key of reader.expiredKeys) write((txn) => txn.purge(key)).catch(() => undefined);
    return value;
  }

  async function run<K extends string, A extends string, R>(script: KvScript<K, A, R>, input: ScriptInput<K, A>) {
    // Same names, prefix and string conversion as the Redis drivers' KEYS and ARGV.
    const keys = Object.fromEntries(script.keys.map((name) => [name, k(input.keys[name])])) as Record<K, string>;
    const args = Object.fromEntries(script.args.map((name) => [name, String(input.args[name])])) as Record<A, string>;
    const reply = await write((txn) => {
      try {
        return script.embedded(txn, keys, args);
      } catch (error) {
        throw asKvError(error, "script_failed");
      }
    });
    const parsed = script.result.safeParse(reply);
    if (!parsed.success) throw new KvError("script_failed", `Script ${script.name} answered ${JSON.stringify(reply)}`);
    return parsed.data;
  }

  return {
    async get(key) {
      return read((r) => r.get(k(key)));
    },
    async set(key, value, { ttlMs } = {}) {
      checkTtl(ttlMs);
      await write((txn) => txn.set(k(key), value, { ttlMs }));
    },
    async setIfAbsent(key, value, { ttlMs } = {}) {
      checkTtl(ttlMs);
      return write((txn) => {
        if (txn.exists(k(key))) return false;
        txn.set(k(key), value, { ttlMs });
        return true;
      });
    },
    async del(key) {
      return write((txn) => txn.del(k(key)));
    },
    async incr(key, { by = 1, ttlMs } = {}) {
      checkInteger("by", by);
      checkTtl(ttlMs);
      if (ttlMs !== undefined) return run(incrWithTtl, { keys: { counter: key }, args: { by, ttlMs } });
      return write((txn) => txn.incrBy(k(key), by));
    },
    async zAdd(key, score, member) {
      checkScore("score", score);
      return write((txn) => txn.zAdd(k(key), score, member));
    },
    async zRangeByScore(key, options = {}) {
      checkScore("min", options.min);
      checkScore("max", options.max);
      checkCount("offset", options.offset);
      checkCount("limit", options.limit);
      return read((r) => r.zRangeByScore(k(key), options));
    },
    async zRevRangeByRank(key, { offset = 0, count }) {
      checkCount("offset", offset);
      checkCount("count", count);
      return read((r) => r.zRevRangeByRank(k(key), offset, count));
    },
    async zRem(key, member) {
      return write((txn) => txn.zRem(k(key), member));
    },
    async zCard(key) {
      return read((r) => r.zCard(k(key)));
    },
    run,
    async close() {
      await store.env.close();
    },
  };
}

function asKvError(error: unknown, code: "unavailable" | "script_failed"): KvError {
  if (error instanceof KvError) return error;
  return new KvError(code, error instanceof Error ? error.message : String(error), { cause: error });
}
