// Redis over TCP (REDIS_URL): a long-lived connection for servers and local development.
import { Redis } from "ioredis";
import type { Kv } from "../kv";
import { KvError } from "../kv-error";
import { createRedisKv } from "./redis-kv";

export interface IoredisKvOptions {
  url: string;
  prefix?: string;
}

export function createIoredisKv({ url, prefix }: IoredisKvOptions): Kv {
  const client = new Redis(url, {
    // A command whose reply was lost with the connection may already have run: resending it
    // after the reconnect could apply a SET NX, compare-and-set or INCR twice and answer the
    // wrong outcome. So in-flight commands fail (reply_lost) instead of being resent...
    autoResendUnfulfilledCommands: false,
    // ...and they fail at the first lost connection (ioredis flushes its queues after this many
    // reconnect attempts; without it, unresent commands would wait forever). Commands issued
    // while disconnected wait in the offline queue until then and fail as unavailable, so a
    // request answers with an error while Redis is down.
    maxRetriesPerRequest: 0,
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error event.
  client.on("error", (error: Error) => console.error(`[kv] redis: ${error.message}`));
  const oneWritePerTick = batchWrites(client);
  return createRedisKv({
    async call(command, args) {
      // Only a command written to a ready connection can have reached Redis; one queued
      // offline never left this process, so its failure is a plain outage.
      const sent = client.status === "ready";
      if (sent) oneWritePerTick();
      try {
        return await client.call(command, args);
      } catch (error) {
        if (sent && isConnectionLoss(error)) {
          throw new KvError("reply_lost", `Redis connection lost before the reply to ${command}`, { cause: error });
        }
        throw error;
      }
    },
    prefix,
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  });
}

/**
 * Commands sent in the same tick leave in one write: the socket is corked at the first and
 * uncorked once the tick's microtasks are done. ioredis writes each command on its own, a
 * system call apiece, and a checkout's rounds each send up to seven reads or scripts together
 * (docs/architecture-decisions.md item 95), so this was most of the driver's CPU. Unlike
 * ioredis's auto-pipelining it adds no wait (that defers to setImmediate and holds a batch
 * while the previous one is unanswered), and each command keeps its own reply, order and error.
 */
function batchWrites(client: Redis): () => void {
  let corked = false;
  return () => {
    if (corked) return;
    const stream = client.stream;
    corked = true;
    stream.cork();
    process.nextTick(() => {
      corked = false;
      stream.uncork();
    });
  };
}

function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "MaxRetriesPerRequestError" || error.message === "Connection is closed.";
}
