// Redis over HTTPS (Upstash REST), for serverless hosts where a TCP connection per function
// instance is costly. `@vercel/kv` is deprecated in favour of this client.
import { Redis } from "@upstash/redis";
import type { Kv } from "../kv";
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
  });
  return createRedisKv({
    call: (command, args) => client.exec([command, ...args]),
    prefix,
    close: async () => {},
  });
}
