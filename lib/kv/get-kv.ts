// The process's one Kv, chosen from the environment on first use. It is kept on globalThis
// because Next dev re-evaluates modules on every edit, and each evaluation would otherwise
// open another Redis connection or LMDB handle.
import { env } from "@/lib/config/env";
import { createEmbeddedKv } from "./embedded/embedded-kv";
import type { Kv } from "./kv";
import { createIoredisKv } from "./redis/ioredis-kv";
import { createUpstashKv } from "./redis/upstash-kv";
import { describeKvDriver, resolveKvDriver, type KvDriverConfig } from "./resolve-driver";

const holder = globalThis as typeof globalThis & { __voucherStorefrontKv?: Kv };

export function getKv(): Kv {
  if (!holder.__voucherStorefrontKv) {
    const config = resolveKvDriver(env());
    holder.__voucherStorefrontKv = createKv(config);
    console.info(`[kv] driver: ${describeKvDriver(config)}`);
  }
  return holder.__voucherStorefrontKv;
}

export function createKv(config: KvDriverConfig): Kv {
  switch (config.driver) {
    case "upstash":
      return createUpstashKv(config);
    case "redis":
      return createIoredisKv(config);
    case "embedded":
      return createEmbeddedKv(config);
  }
}
