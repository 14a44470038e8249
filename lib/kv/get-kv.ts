// The process's one Kv, chosen from the environment on first use. It is kept on globalThis
// because Next dev re-evaluates modules on every edit, and each evaluation would otherwise
// open another Redis connection or LMDB handle.
import { env } from "@/lib/config/env";
import type { Kv } from "./kv";
import { describeKvDriver, resolveKvDriver, type KvDriverConfig } from "./resolve-driver";

const holder = globalThis as typeof globalThis & { __voucherStorefrontKv?: Promise<Kv> };

export function getKv(): Promise<Kv> {
  holder.__voucherStorefrontKv ??= (async () => {
    const config = resolveKvDriver(env(), { VERCEL: process.env.VERCEL, AWS_LAMBDA_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME });
    const kv = await createKv(config);
    console.info(`[kv] driver: ${describeKvDriver(config)}`);
    return kv;
  })().catch((error: unknown) => {
    // A failed start (bad config, missing addon) is not cached: the next call reports it again.
    holder.__voucherStorefrontKv = undefined;
    throw error;
  });
  return holder.__voucherStorefrontKv;
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
