// The process's one Kv, chosen from the environment on first use (lib/singleton.ts keeps it
// across Next's dev reloads and forgets a failed start: bad config, a missing addon).
import { env } from "@/lib/config/env";
import { processSingleton } from "@/lib/singleton";
import type { Kv } from "./kv";
import { describeKvDriver, resolveKvDriver, type KvDriverConfig } from "./resolve-driver";

export function getKv(): Promise<Kv> {
  return processSingleton("kv", async () => {
    const config = resolveKvDriver(env(), { VERCEL: process.env.VERCEL, AWS_LAMBDA_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME });
    const kv = await createKv(config);
    console.info(`[kv] driver: ${describeKvDriver(config)}`);
    return kv;
  });
}

/**
 * Each driver is imported only when chosen: lmdb loads a native addon on import, which a
 * serverless bundle may not even contain, and the REST-only host never needs ioredis.
 */
export async function createKv(config: KvDriverConfig): Promise<Kv> {
  switch (config.driver) {
    case "upstash":
      return (await import("./redis/upstash-kv")).createUpstashKv(config);
    case "redis":
      return (await import("./redis/ioredis-kv")).createIoredisKv(config);
    case "embedded":
      return (await import("./embedded/embedded-kv")).createEmbeddedKv(config);
  }
}
