// Pages over Upstash (issue 27): `next start` of the production build on the Upstash REST driver,
// through the REST stand-in in front of a real Redis. The catalogue and a product page are ISR
// pages, rendered on their first request as a static render; every KV read in them goes over
// fetch here, which Next watches (the TCP drivers' reads it does not see). A read that asks
// fetch for "no-store" turns such a render into "Page changed from static to dynamic at
// runtime" and the page into a 500, so each page must answer 200 with its content, and a
// second request must be served from the cache the first one filled.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startShopInstance, type ShopInstance } from "../support/instances/shop-instance";
import { startTestRedis } from "../support/redis-server";
import { startUpstashShim, type UpstashShim } from "../support/upstash-rest-shim";

/** Every variable that picks the mode or the store, cleared so the runner's own cannot leak in. */
const CLEAN = {
  PARTNER_API_URL: "",
  PARTNER_LOGIN: "",
  PARTNER_API_KEY: "",
  PARTNER_TEST_MODE: "",
  VERCEL: "",
  AWS_LAMBDA_FUNCTION_NAME: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_API_URL: "",
  UPSTASH_REDIS_REST_URL: "",
  UPSTASH_REDIS_REST_TOKEN: "",
  REDIS_URL: "",
  SHOP_URL: "",
};

/** Pages a buyer opens first, and a word each must show (a product of the demo catalogue). */
const PAGES = [
  { path: "/", shows: "Kinoko Shop Card" },
  { path: "/products/221", shows: "Kinoko Shop Card" },
  { path: "/zh/products/221", shows: "Kinoko Shop Card" },
];

test.describe("pages over Upstash @once", () => {
  test("the catalogue and a product page render and are cached on the Upstash REST driver", async () => {
    test.setTimeout(120_000);
    const found = await startTestRedis();
    if (!found.ok) {
      console.log(`[upstash-pages] SKIPPED: no Redis behind the Upstash stand-in: ${found.reason}`);
      test.skip(true, `no Redis behind the Upstash stand-in: ${found.reason}`);
      return;
    }
    const redis = found.redis;
    const dir = mkdtempSync(join(tmpdir(), "upstash-pages-"));
    let shim: UpstashShim | undefined;
    let shop: ShopInstance | undefined;
    try {
      shim = await startUpstashShim(redis.url);
      shop = await startShopInstance(
        "upstash",
        {
          ...CLEAN,
          SHOP_MODE: "demo",
          KV_REST_API_URL: shim.url,
          KV_REST_API_TOKEN: shim.token,
          KV_PREFIX: redis.prefix,
          KV_DATA_DIR: join(dir, "kv"),
          OUTBOX_DIR: join(dir, "outbox"),
        },
        test.info().outputPath("shop.log"),
      );
      for (const page of PAGES) {
        const first = await fetch(`${shop.url}${page.path}`, { headers: { "accept-language": "en" } });
        const html = await first.text();
        expect(first.status, `${page.path} on Upstash`).toBe(200);
        expect(html, page.path).toContain(page.shows);
        const again = await fetch(`${shop.url}${page.path}`, { headers: { "accept-language": "en" } });
        await again.arrayBuffer();
        expect(again.status, `${page.path} again`).toBe(200);
        expect(again.headers.get("x-nextjs-cache"), `${page.path} served from the cache the first request filled`).toBe("HIT");
      }
      const log = readFileSync(shop.logFile, "utf8");
      expect(log, "the shop ran on the Upstash driver").toContain("[kv] driver: upstash");
      expect(log).not.toContain("static to dynamic");
      expect(shim.requests(), "KV went over the REST stand-in").toBeGreaterThan(0);
    } finally {
      await shop?.stop();
      await shim?.close();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
