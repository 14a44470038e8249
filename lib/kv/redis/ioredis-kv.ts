// Redis over TCP (REDIS_URL): a long-lived connection for servers and local development.
import { Redis } from "ioredis";
import type { Kv } from "../kv";
import { createRedisKv } from "./redis-kv";

export interface IoredisKvOptions {
  url: string;
  prefix?: string;
}

export function createIoredisKv({ url, prefix }: IoredisKvOptions): Kv {
  const client = new Redis(url, {
    // Fail a command after a few reconnect attempts instead of queueing it for minutes, so a
    // request answers with an error while Redis is down.
    maxRetriesPerRequest: 3,
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error event.
  client.on("error", (error: Error) => console.error(`[kv] redis: ${error.message}`));
  return createRedisKv({
    call: (command, args) => client.call(command, args),
    prefix,
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  });
}
