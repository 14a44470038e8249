// npm run orders:backfill – one-off, after upgrading a shop whose KV holds orders from before the
// admin's order indexes: lists every stored order (a key scan, which the shop itself never does)
// and indexes each one (lib/checkout/store/backfill-order-indexes.ts). Safe to run again, and
// while the shop takes orders. Uses the shop's own KV settings (.env files included).
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

const ORDER_PREFIX = "checkout:order:";

async function main(): Promise<void> {
  const { env } = await import("@/lib/config/env");
  const { resolveKvDriver, describeKvDriver } = await import("@/lib/kv/resolve-driver");
  const { createKv } = await import("@/lib/kv/get-kv");
  const { backfillOrderIndexes } = await import("@/lib/checkout/store/backfill-order-indexes");
  const config = resolveKvDriver(env(), { VERCEL: process.env.VERCEL, AWS_LAMBDA_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME });
  const prefix = `${config.prefix ?? ""}${ORDER_PREFIX}`;
  const keys = await listKeys(config, prefix);
  const ids = keys.map((key) => key.slice(prefix.length)).filter((id) => id.length > 0);
  console.log(`orders:backfill: ${ids.length} stored order(s) in ${describeKvDriver(config)}`);
  const kv = await createKv(config);
  try {
    const report = await backfillOrderIndexes(kv, ids);
    console.log(`orders:backfill: ${report.indexed} indexed, ${report.missing} gone meanwhile, ${report.unreadable.length} unreadable`);
    for (const id of report.unreadable) console.error(`order ${id}: not an order this release can read; look at it by hand`);
    process.exitCode = report.unreadable.length > 0 ? 1 : 0;
  } finally {
    await kv.close();
  }
}

/** Every key starting with `prefix` (the driver's own prefix included), by the store's own listing. */
async function listKeys(config: import("@/lib/kv/resolve-driver").KvDriverConfig, prefix: string): Promise<string[]> {
  switch (config.driver) {
    case "embedded": {
      const { openStore } = await import("@/lib/kv/embedded/open-store");
      const store = openStore(config.dir);
      try {
        // Keys sort bytewise; ";" is the character after ":", so this is exactly the prefix's range.
        return [...store.keys.getKeys({ start: prefix, end: `${prefix.slice(0, -1)};` })];
      } finally {
        await store.env.close();
      }
    }
    case "redis": {
      const { Redis } = await import("ioredis");
      const redis = new Redis(config.url);
      try {
        const keys: string[] = [];
        for await (const batch of redis.scanStream({ match: `${escapeGlob(prefix)}*`, count: 1000 })) keys.push(...(batch as string[]));
        return keys;
      } finally {
        redis.disconnect();
      }
    }
    case "upstash": {
      const { Redis } = await import("@upstash/redis");
      const redis = new Redis({ url: config.url, token: config.token, automaticDeserialization: false });
      const keys: string[] = [];
      let cursor = "0";
      do {
        const [next, batch] = await redis.scan(cursor, { match: `${escapeGlob(prefix)}*`, count: 1000 });
        keys.push(...batch);
        cursor = String(next);
      } while (cursor !== "0");
      return keys;
    }
  }
}

/** SCAN's MATCH is a glob: a prefix holding * ? [ or \ must not widen it. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

void main();
