// "At once" on every instance (issue 15): two `next start` of the production build on one Redis
// share Next's cache through the shop's KV (lib/next-cache). A page one instance rendered is
// served by the other without rendering; when upstream renames a game, the old page stays
// served by both until its tag is invalidated, and after that the very next request to either
// instance shows the new name — no instance keeps a copy of its own.
//
// The tag is invalidated as the handler's revalidateTag does it (what Next calls when a server
// action uses updateTag or a route handler revalidateTag), from this process on the same store:
// an invalidation is one write to the shared KV, wherever it comes from.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import { TAGS } from "@/lib/catalog/tags";
import { createIoredisKv } from "@/lib/kv/redis/ioredis-kv";
import { createNextCacheStore } from "@/lib/next-cache/kv-cache-store";
import { startShopInstance, type ShopInstance } from "../support/instances/shop-instance";
import { startTestRedis } from "../support/redis-server";

/** Every variable that picks the mode or the store, cleared so the runner's own cannot leak in. */
const CLEAN = {
  PARTNER_API_URL: "",
  PARTNER_LOGIN: "",
  PARTNER_API_KEY: "",
  VERCEL: "",
  AWS_LAMBDA_FUNCTION_NAME: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_API_URL: "",
  KV_REST_API_URL: "",
  KV_REST_API_TOKEN: "",
  UPSTASH_REDIS_REST_URL: "",
  UPSTASH_REDIS_REST_TOKEN: "",
};

async function page(shop: ShopInstance): Promise<{ cache: string | null; html: string }> {
  const response = await fetch(`${shop.url}/`, { headers: { "accept-language": "en" }, signal: AbortSignal.timeout(30_000) });
  expect(response.status, `${shop.name} answers the catalogue`).toBe(200);
  return { cache: response.headers.get("x-nextjs-cache"), html: await response.text() };
}

test.describe("Next's cache shared through KV @once", () => {
  test("an invalidated page is renewed on every instance at the next request", async () => {
    test.setTimeout(180_000);
    const found = await startTestRedis();
    if (!found.ok) {
      console.log(`[shared-cache] SKIPPED: no Redis to share between instances: ${found.reason}`);
      test.skip(true, `no Redis to share between instances: ${found.reason}`);
      return;
    }
    const redis = found.redis;
    const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const dir = mkdtempSync(join(tmpdir(), "shared-cache-"));
    const shops: ShopInstance[] = [];
    try {
      const testInfo = test.info();
      const store = { ...CLEAN, SHOP_MODE: "demo", REDIS_URL: redis.url, KV_PREFIX: redis.prefix };
      const [a, b] = await Promise.all(
        ["a", "b"].map((name) =>
          startShopInstance(
            name.toUpperCase(),
            { ...store, KV_DATA_DIR: join(dir, name, "kv"), OUTBOX_DIR: join(dir, name, "outbox") },
            testInfo.outputPath(`shop-${name}.log`),
          ),
        ),
      );
      if (!a || !b) throw new Error("two shops expected");
      shops.push(a, b);

      // A renders the catalogue; B serves A's page without rendering it.
      const first = await page(a);
      const onB = await page(b);
      expect(onB.cache).toBe("HIT");
      expect(onB.html).toBe(first.html);

      // Upstream renames a game: the catalogue's KV copy changes, as its next refresh would.
      const [gamesKey] = await admin.keys(`${redis.prefix}catalog:*:gameslist`);
      if (!gamesKey) throw new Error("the catalogue's games list is not in KV");
      const gamesText = await admin.get(gamesKey);
      const oldName = gamesText && /"game_name":"([^"]+)"/.exec(gamesText)?.[1];
      if (!gamesText || !oldName) throw new Error("no game name in the cached games list");
      expect(first.html).toContain(oldName);
      const newName = `${oldName} Renamed`;
      await admin.set(gamesKey, gamesText.replace(`"game_name":"${oldName}"`, `"game_name":"${newName}"`), "KEEPTTL");

      // Nothing invalidated yet: both still serve the page they share.
      expect((await page(b)).html).not.toContain(newName);
      expect((await page(a)).html).not.toContain(newName);

      // The handler's invalidation, on the same store and prefix as the shops.
      const kv = createIoredisKv({ url: redis.url, prefix: redis.prefix });
      try {
        const buildId = readFileSync(join(".next", "BUILD_ID"), "utf8").trim();
        await createNextCacheStore({ kv, buildId }).invalidate([TAGS.catalog]);
      } finally {
        await kv.close();
      }

      // The very next request to B renders anew; A then serves B's page.
      const renewed = await page(b);
      expect(renewed.cache).toBe("MISS");
      expect(renewed.html).toContain(newName);
      const onA = await page(a);
      expect(onA.cache).toBe("HIT");
      expect(onA.html).toContain(newName);
    } finally {
      await Promise.all(shops.map((shop) => shop.stop()));
      admin.disconnect();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
