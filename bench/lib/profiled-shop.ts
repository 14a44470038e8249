// The shop under V8's profiler, as the profiling benches start it: `npm start`'s command with its
// V8 settings (no -H: one hop for rewritten pages, README "Running it yourself"), against the
// checkout benches' sandboxes, on its embedded store or, when asked, on a Redis found or started
// as the tests do, under a prefix of its own; either way with the bench's one card let through.
import { join } from "node:path";
import type { CheckoutServices } from "./checkout-services";
import { liftCardOrderLimit, liftCardOrderLimitIn } from "./one-test-card";
import { npmStartArgs } from "./npm-start";
import { spawnServer, type SpawnedServer } from "../../tests/support/spawn-server";
import { startTestRedis, type TestRedis } from "../../tests/support/redis-server";
import { createKv } from "@/lib/kv/get-kv";

export interface ProfiledShop {
  shop: SpawnedServer;
  /** Where the shop's .cpuprofile is written when it stops. */
  profiles: string;
  /** The Redis it runs on, for the caller to stop; null on the embedded store. */
  redis: TestRedis | null;
}

export async function startProfiledShop(port: number, services: CheckoutServices, dir: string, onRedis: boolean): Promise<ProfiledShop> {
  const profiles = join(dir, "profiles");
  const redis = onRedis ? await redisStore() : null;
  if (!redis) await liftCardOrderLimitIn(join(dir, "kv"));
  const shop = await spawnServer(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profiles}`, ...npmStartArgs(), "-p", String(port)], {
    url: `http://127.0.0.1:${port}`,
    readyPath: "/icon.svg",
    env: { ...services.shopEnv(join(dir, "kv")), ...(redis ? { REDIS_URL: redis.url, KV_PREFIX: redis.prefix } : {}) },
  });
  return { shop, profiles, redis };
}

async function redisStore(): Promise<TestRedis> {
  const started = await startTestRedis();
  if (!started.ok) throw new Error(started.reason);
  const kv = await createKv({ driver: "redis", url: started.redis.url, prefix: started.redis.prefix });
  await liftCardOrderLimit(kv).finally(() => kv.close());
  return started.redis;
}
