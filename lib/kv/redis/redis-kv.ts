// The Kv interface over any client that can send one raw Redis command. Both the TCP driver
// (ioredis) and the REST driver (Upstash) use it, so they send byte-for-byte the same
// commands and scripts and differ only in transport.
import type { KvScript, ScriptInput } from "../define-script";
import { scriptCall } from "../define-script";
import type { Kv, ZEntry } from "../kv";
import { KvError, fromRedisError } from "../kv-error";
import { incrWithTtl } from "../scripts/incr-with-ttl";
import { checkCount, checkInteger, checkScore, checkTtl } from "../validate";

/** Send one command; resolves with the decoded reply or rejects with the server's error. */
export type RedisCall = (command: string, args: string[]) => Promise<unknown>;

export interface RedisKvOptions {
  call: RedisCall;
  /** Prepended to every key, scripts' keys included. */
  prefix?: string;
  close: () => Promise<void>;
}

/** Commands that change nothing: the only ones repeated after a lost reply. */
const READ_ONLY: ReadonlySet<string> = new Set(["GET", "ZRANGE", "ZCARD"]);

export function createRedisKv({ call, prefix = "", close }: RedisKvOptions): Kv {
  const k = (key: string) => prefix + key;
  const send = async (command: string, args: string[]) => {
    try {
      return await call(command, args);
    } catch (error) {
      const failure = fromRedisError(error);
      // Drivers never resend on their own; a read changes nothing, so one more try is safe.
      if (READ_ONLY.has(command) && failure.code === "reply_lost") return retried(command, args);
      throw failure;
    }
  };
  const retried = async (command: string, args: string[]) => {
    try {
      return await call(command, args);
    } catch (error) {
      throw fromRedisError(error);
    }
  };
  const ttlArgs = (ttlMs: number | undefined) => (ttlMs === undefined ? [] : ["PX", String(ttlMs)]);

  async function run<K extends string, A extends string, R>(script: KvScript<K, A, R>, input: ScriptInput<K, A>) {
    const { keys, args } = scriptCall(script, input, k);
    const tail = [String(keys.length), ...keys, ...args];
    let reply: unknown;
    try {
      // EVALSHA saves sending the text each time; the server forgets scripts on restart or
      // SCRIPT FLUSH, and then answers NOSCRIPT once and we send the text with EVAL.
      reply = await call("EVALSHA", [script.sha1, ...tail]).catch((error: unknown) => {
        if (String(error instanceof Error ? error.message : error).includes("NOSCRIPT")) {
          return call("EVAL", [script.source, ...tail]);
        }
        throw error;
      });
    } catch (error) {
      throw fromRedisError(error, "script_failed");
    }
    const parsed = script.result.safeParse(reply);
    if (!parsed.success) {
      throw new KvError("script_failed", `Script ${script.name} answered ${JSON.stringify(reply)}`);
    }
    return parsed.data;
  }

  return {
    async get(key) {
      return stringOrNull(await send("GET", [k(key)]));
    },
    async set(key, value, options = {}) {
      checkTtl(options.ttlMs);
      await send("SET", [k(key), value, ...ttlArgs(options.ttlMs)]);
    },
    async setIfAbsent(key, value, options = {}) {
      checkTtl(options.ttlMs);
      return (await send("SET", [k(key), value, "NX", ...ttlArgs(options.ttlMs)])) !== null;
    },
    async del(key) {
      return integer(await send("DEL", [k(key)])) > 0;
    },
    async incr(key, { by = 1, ttlMs } = {}) {
      checkInteger("by", by);
      checkTtl(ttlMs);
      if (ttlMs !== undefined) return run(incrWithTtl, { keys: { counter: key }, args: { by, ttlMs } });
      return integer(await send("INCRBY", [k(key), String(by)]));
    },
    async zAdd(key, score, member) {
      checkScore("score", score);
      return integer(await send("ZADD", [k(key), String(score), member])) > 0;
    },
    async zRangeByScore(key, { min, max, offset, limit } = {}) {
      checkScore("min", min);
      checkScore("max", max);
      checkCount("offset", offset);
      checkCount("limit", limit);
      if (limit === 0) return [];
      const page = offset === undefined && limit === undefined ? [] : ["LIMIT", String(offset ?? 0), String(limit ?? -1)];
      const bounds = [min === undefined ? "-inf" : String(min), max === undefined ? "+inf" : String(max)];
      return entries(await send("ZRANGE", [k(key), ...bounds, "BYSCORE", ...page, "WITHSCORES"]));
    },
    async zRevRangeByRank(key, { offset = 0, count }) {
      checkCount("offset", offset);
      checkCount("count", count);
      // ZRANGE's stop is inclusive and -1 means "to the end", so count 0 must not reach it.
      if (count === 0) return [];
      return entries(await send("ZRANGE", [k(key), String(offset), String(offset + count - 1), "REV", "WITHSCORES"]));
    },
    async zRem(key, member) {
      return integer(await send("ZREM", [k(key), member])) > 0;
    },
    async zCard(key) {
      return integer(await send("ZCARD", [k(key)]));
    },
    run,
    close,
  };
}

function unexpected(reply: unknown): KvError {
  return new KvError("unavailable", `Unexpected reply from the store: ${JSON.stringify(reply)}`);
}

function stringOrNull(reply: unknown): string | null {
  if (reply === null || typeof reply === "string") return reply;
  throw unexpected(reply);
}

function integer(reply: unknown): number {
  if (typeof reply === "number" && Number.isInteger(reply)) return reply;
  throw unexpected(reply);
}

/** WITHSCORES replies come flat ([m, s, m, s]) over RESP2 and REST, as pairs over RESP3. */
function entries(reply: unknown): ZEntry[] {
  if (!Array.isArray(reply)) throw unexpected(reply);
  const flat: unknown[] = reply.flat();
  const result: ZEntry[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const member = flat[i];
    const score = Number(flat[i + 1]);
    if (typeof member !== "string" || !Number.isFinite(score)) throw unexpected(reply);
    result.push({ member, score });
  }
  return result;
}
