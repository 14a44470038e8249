// Redis over HTTPS (Upstash REST), for serverless hosts where a TCP connection per function
// instance is costly. `@vercel/kv` is deprecated in favour of this client.
import { Redis } from "@upstash/redis";
import type { Kv } from "../kv";
import { KvError } from "../kv-error";
import { createRedisKv } from "./redis-kv";

export interface UpstashKvOptions {
  url: string;
  token: string;
  prefix?: string;
}

export function createUpstashKv({ url, token, prefix }: UpstashKvOptions): Kv {
  const client = new Redis({
    url,
    token,
    // The client would JSON.parse every reply, so a stored "123" or "{}" would come back as a
    // number or object; we serialise ourselves and want exactly the stored string back.
    automaticDeserialization: false,
    // Auto-pipelining batches reads and writes of one tick into separate requests, which can
    // reorder them; every call here is its own request, in order, like the other drivers.
    enableAutoPipelining: false,
    // The client resends a request after any network error, including one whose reply was
    // lost after Redis ran it, so a SET NX or INCR could apply twice and answer wrongly.
    // `retry: false` is not enough: the client still makes one extra attempt with it
    // (HttpClient: attempts = 1, loop `i <= attempts`); zero retries means one request.
    retry: { retries: 0 },
    // The client asks fetch for "no-store" by default, and Next reads that as a request for a
    // dynamic page: a catalogue or product page rendered as ISR then fails with "Page changed
    // from static to dynamic at runtime". KV is the shop's database, not a cacheable resource;
    // "default" is what an unconfigured fetch sends, which Next neither caches at run time nor
    // counts against a static page, as the TCP drivers' reads are invisible to it.
    cache: "default",
  });
  return createRedisKv({
    async call(command, args) {
      try {
        return await client.exec([command, ...args]);
      } catch (error) {
        throw networkFailure(error, command) ?? error;
      }
    },
    prefix,
    close: async () => {},
  });
}

/**
 * fetch rejects (instead of answering) only when the exchange broke. A refused connection
 * never reached Redis; anything else (reset, closed mid-reply) may have run the command.
 */
function networkFailure(error: unknown, command: string): KvError | undefined {
  if (!(error instanceof TypeError)) return undefined;
  const cause: unknown = error.cause;
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : "";
  if (code === "ECONNREFUSED" || code === "ENOTFOUND") {
    return new KvError("unavailable", `Upstash REST endpoint unreachable (${code})`, { cause: error });
  }
  return new KvError("reply_lost", `Upstash REST connection lost before the reply to ${command}`, { cause: error });
}
