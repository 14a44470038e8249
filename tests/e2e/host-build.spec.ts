// The shop as the serverless host runs it (issue 27): built with the Vercel CLI (`vercel build`,
// offline, in a copy of the checkout), then every built function of `.vercel/output` run as its
// own Node process, read-only, behind a front door that routes as `config.json` says
// (tests/support/host). Once on the Upstash REST stand-in, once on Redis, a demo shop is driven
// through the front door as buyers and the owner use it: the catalogue, a product page, a search,
// a Chinese page, the admin's sign-in, a purchase from checkout to the code on the order page
// (the payments sandbox's webhook coming back through the front door), the owner's price save
// priced by the very next checkout, and the scheduler acting on a deadline that has come due:
// the built function publishes it to QStash (the demo's emulation, itself a function behind the
// front door), which delivers the signed message through the front door to the deadline route.
//
// What the front door does not emulate is in docs/serverless-host.md: above all the platform's
// ISR cache and on-demand revalidation. Every page request here reaches its function, so the
// product page after the save shows that the function renders the new price; that the
// platform's cached copy is dropped at once rests on Next's revalidateTag on the host
// (docs/architecture-decisions.md 130).
//
// A Playwright spec (@once) rather than a unit test: it builds the app (minutes) and runs a shop
// of processes, like the other specs that spawn shops, and runs after them with nothing else
// in parallel; the `next build` of scripts/test.sh is left alone (the build runs in a copy).
// npm test makes that build ahead, while lint, types and unit tests leave a core idle.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import { botToken } from "../support/bot-token";
import { checkout, pay, pollUntilFinal, type BuyerOrder } from "../support/instances/buyer";
import { startHostDeployment, type HostDeployment } from "../support/host/host-deployment";
import { DEMO_BUILD_SETTINGS, vercelBuild, type HostBuild } from "../support/host/vercel-build";
import { startTestRedis, type TestRedis } from "../support/redis-server";
import { startUpstashShim, type UpstashShim } from "../support/upstash-rest-shim";
import { saveGlobalMarkup, signInOverHttp } from "./support/owner-over-http";

const CRON_SECRET = "host-build-cron-secret-0123456789";
/** The deployment's first re-read of a completed order comes this long after completion (CHECKOUT_COMPLETED_RECHECKS). */
const FIRST_RECHECK_S = 30;
/** Kinoko Shop Card 10 USD costs $9.80 upstream: $10.78 under the demo's 10 % markup, $10.98 under 12 %. */
const PRODUCT = { productId: 221, voucherId: 22101, name: "Kinoko Shop Card", oldPrice: "$10.78", newMinor: 1098 };

let work: string;
let build: HostBuild;
let redis: TestRedis | undefined;
let shim: UpstashShim | undefined;

test.describe.configure({ mode: "serial" });

test.describe("the serverless host's build output @once", () => {
  // The host builds with the deployment's settings, and `npm run vercel-build` checks them first
  // (scripts/check-start.ts): a demo on a shared store. The functions are then run against the
  // test's own Upstash stand-in and Redis, under prefixes of their own.

  test.beforeAll(async () => {
    // vercel build runs next build: minutes on two busy cores.
    test.setTimeout(1_200_000);
    work = mkdtempSync(join(tmpdir(), "host-build-"));
    // HOST_BUILD_DIR keeps the build (or reuses one kept there), for working on this test and
    // for `BENCH_HOST_PROJECT=<dir>/project npx tsx bench/host-functions.ts`; npm test makes it
    // there ahead, beside the unit tests (tests/support/host/build-ahead.ts).
    const kept = process.env.HOST_BUILD_DIR;
    build =
      kept && existsSync(join(kept, "project", ".vercel", "output", "config.json"))
        ? { projectRoot: join(kept, "project"), output: join(kept, "project", ".vercel", "output"), ms: 0 }
        : await vercelBuild(process.cwd(), kept ?? work, test.info().outputPath("vercel-build.log"), DEMO_BUILD_SETTINGS);
    console.log(build.ms > 0 ? `[host-build] vercel build took ${(build.ms / 1000).toFixed(0)} s` : `[host-build] the vercel build in ${kept} is reused`);
    const found = await startTestRedis();
    if (found.ok) {
      redis = found.redis;
      shim = await startUpstashShim(redis.url);
    } else {
      console.log(`[host-build] SKIPPED the stores: no Redis: ${found.reason}`);
    }
  });

  test.afterAll(async () => {
    await shim?.close();
    await redis?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  for (const store of ["upstash", "redis"] as const) {
    test(`every page and the whole purchase from the built functions on ${store}`, async () => {
      // Every function starts cold on its first request: minutes on a busy machine.
      test.setTimeout(600_000);
      test.skip(!redis || !shim, "no Redis to run the store on");
      if (!redis || !shim) return;
      const prefix = `${redis.prefix}${store}:`;
      const deployment = await startHostDeployment({
        projectRoot: build.projectRoot,
        outputDir: build.output,
        workDir: join(work, store),
        env: {
          SHOP_MODE: "demo",
          ...(store === "upstash" ? { KV_REST_API_URL: shim.url, KV_REST_API_TOKEN: shim.token } : { REDIS_URL: redis.url }),
          KV_PREFIX: prefix,
          CRON_SECRET,
          // A deadline that comes due while the test waits: the completed order's first re-read.
          CHECKOUT_COMPLETED_RECHECKS: `${FIRST_RECHECK_S}s,1d,7d`,
          OUTBOX_DIR: join(work, store, "outbox"),
          CHECKOUT_RATE_LIMIT: "100000/60s",
          PLAYER_CHECK_RATE_LIMIT: "100000/60s",
          ADMIN_SIGN_IN_LIMIT_ACCOUNT: "100000/60s",
          ADMIN_SIGN_IN_LIMIT_IP: "100000/60s",
        },
      });
      const shop = deployment.url;
      try {
        await storefront(deployment);
        const owner = await signInOverHttp(shop);
        const dashboard = await page(shop, "/admin", { cookie: owner.cookie });
        expect(dashboard.status, "the admin's dashboard after sign-in").toBe(200);
        expect(dashboard.html).toContain("Dashboard");

        const order = await purchase(shop);

        // The owner raises the markup to 12 %: the very next checkout is priced with it. The
        // product page follows through the platform's cache, which the front door does not
        // have: each function process keeps Next's data cache in its own memory here, where the
        // host keeps it in the platform's. What the test holds is the wiring: the page is
        // handed to the platform tagged with the tag the save expires (storefront, above).
        await saveGlobalMarkup(owner, "12", "host-build test");
        expect(await quotedMinor(shop)).toBe(PRODUCT.newMinor);

        await schedulerActsOnDueDeadline(deployment, redis.url, prefix, order);

        expect(await deployment.pool.writes(), "functions wrote into their read-only folders").toEqual([]);
        const served = deployment.door.served();
        console.log(`[host-build] ${store}: served by ${JSON.stringify([...served])}`);
        console.log(`[host-build] ${store}: cold starts (ms) ${JSON.stringify([...deployment.pool.coldStarts()].map(([path, ms]) => [path, Math.round(ms)]))}`);
        expect(served.get("middleware") ?? 0, "the proxy ran as its own function").toBeGreaterThan(0);
      } finally {
        await deployment.stop();
      }
    });
  }
});

interface Page {
  status: number;
  html: string;
  /** x-next-cache-tags: the tags Next gives the host for its cached copy. */
  tags: string[];
}

async function page(shop: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${shop}${path}`, { headers: { "accept-language": "en", ...headers }, signal: AbortSignal.timeout(60_000) });
  const tags = (response.headers.get("x-next-cache-tags") ?? "").split(",").filter(Boolean);
  return { status: response.status, html: await response.text(), tags };
}

/** The price the product page shows for the voucher, as a buyer reads it. */
function shownPrice(html: string): string | undefined {
  return new RegExp(`id="voucher-${PRODUCT.voucherId}"[\\s\\S]*?optionPrice">([^<]+)<`).exec(html)?.[1];
}

/** The catalogue, a product page, a search and a Chinese page, each rendered by its function. */
async function storefront(deployment: HostDeployment): Promise<void> {
  const shop = deployment.url;
  const catalogue = await page(shop, "/");
  expect(catalogue.status, "the catalogue").toBe(200);
  expect(catalogue.html).toContain(PRODUCT.name);
  const product = await page(shop, `/products/${PRODUCT.productId}`);
  expect(product.status, "a product page").toBe(200);
  expect(shownPrice(product.html)).toBe(PRODUCT.oldPrice);
  // The host files an ISR page under the tags Next names here, and drops it when one of them is
  // revalidated: "prices" is what the owner's price save expires (lib/shop/cache-tags.ts).
  expect(product.tags, "the product page's cache tags").toContain("prices");
  const search = await page(shop, "/search?q=kinoko");
  expect(search.status, "a search").toBe(200);
  expect(search.html).toContain(PRODUCT.name);
  const chinese = await page(shop, `/products/${PRODUCT.productId}`, { "accept-language": "zh-CN,zh;q=0.9" });
  expect(chinese.status, "a Chinese page").toBe(200);
  expect(chinese.html).toContain('lang="zh-Hans"');
  const assets = [...catalogue.html.matchAll(/\/_next\/static\/[^"']+\.(?:js|css)/g)].map((match) => match[0]);
  expect(assets.length, "the catalogue names its scripts").toBeGreaterThan(0);
  const asset = await fetch(`${shop}${assets[0]}`);
  await asset.arrayBuffer();
  expect(asset.status, `static ${assets[0]}`).toBe(200);
  for (const path of ["/[locale]/by-upstream/[upstream]", "/[locale]/by-upstream/[upstream]/products/[id]"]) {
    const served = [...deployment.door.served().keys()].filter((key) => key.startsWith(path));
    expect(served.length, `${path} served by its function`).toBeGreaterThan(0);
  }
}

/** A bought order, and when its page was last read (a page read of a due order acts on it). */
type Bought = BuyerOrder & { pageReadAt: number };

/** Checkout → the hosted payment page → the webhook through the front door → the code, on the order's page. */
async function purchase(shop: string): Promise<Bought> {
  const order = await checkout(shop, "host-build-buyer", { flow: "reservation", body: { voucher_id: PRODUCT.voucherId, game_id: PRODUCT.productId } });
  if ("failed" in order) throw new Error(order.failed);
  await pay(order, ["4242424242424242"]);
  const seen = await pollUntilFinal(order, () => Date.now() + 60_000, 500);
  expect(seen?.status, `the order after payment (${order.log.join("; ")})`).toBe("completed");
  const code = seen?.delivery?.code;
  expect(code, "the code is delivered").toBeTruthy();
  const orderPage = await page(shop, new URL(order.apiUrl).pathname.replace(/^\/api/, "") + new URL(order.apiUrl).search);
  expect(orderPage.status, "the order page").toBe(200);
  expect(orderPage.html, "the order page shows the code").toContain(String(code));
  return { ...order, pageReadAt: Date.now() };
}

/** The price a checkout is quoted: POST /api/checkout, then the order's own view. */
async function quotedMinor(shop: string): Promise<number | string> {
  const created = await fetch(`${shop}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ voucher_id: PRODUCT.voucherId, game_id: PRODUCT.productId, email: "second@example.com", bot_token: await botToken(shop) }),
  });
  if (created.status !== 201) return `${created.status} ${await created.text()}`;
  const { order_id, order_url } = (await created.json()) as { order_id: string; order_url: string };
  const key = new URL(order_url).searchParams.get("key") ?? "";
  const order = await fetch(`${shop}/api/orders/${order_id}`, { headers: { authorization: `Bearer ${key}` } });
  const { price } = (await order.json()) as { price: { minor: number; currency: string } };
  return price.currency === "USD" ? price.minor : `${price.minor} ${price.currency}`;
}

/**
 * A deadline comes due with nobody's page open, and the deployment's scheduler acts on it as
 * QStash does on the host, with no sweep. The save that completed the order set its first
 * re-read FIRST_RECHECK_S ahead, and the function that saved it published that deadline to the
 * QStash emulation through the front door (the demo's /qstash-sandbox function, as QStash's API
 * would take it). When it comes due, the emulation delivers the signed message through the
 * front door to POST /api/scheduler/deadline, whose function verifies it, re-reads the order
 * upstream and records the next re-read. Meanwhile nobody reads the order's page or calls the
 * sweep; the store is read directly, which acts on nothing.
 */
async function schedulerActsOnDueDeadline(deployment: HostDeployment, redisUrl: string, prefix: string, order: Bought): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const served = (path: string) => deployment.door.served().get(path) ?? 0;
  try {
    const stored = async () => JSON.parse((await redis.get(`${prefix}checkout:order:${order.orderId}`)) ?? "null") as { nextCheckAt: number | null; events: { at: number; what: string; to?: string }[] };
    const completed = await stored();
    const completedAt = completed.events.findLast((event) => event.to === "completed")?.at ?? 0;
    const dueAt = completedAt + FIRST_RECHECK_S * 1000;
    expect(completed.nextCheckAt, "the completed order's first re-read").toBe(dueAt);
    expect(order.pageReadAt, "the order's page was read before the re-read came due (else the page may have acted on it)").toBeLessThan(dueAt);
    expect(served("/qstash-sandbox/[...path]"), "deadlines were published to the QStash emulation through the front door").toBeGreaterThan(0);

    // A payment event arriving after the completion may have woken the order for a look of its
    // own (a re-read right after completing): the scheduler's is the first one after those.
    const rereads = (record: Awaited<ReturnType<typeof stored>>) => record.events.filter((event) => event.what === "upstream still shows it delivered");
    const before = rereads(completed).length;
    const reread = (record: Awaited<ReturnType<typeof stored>>) => rereads(record)[before];
    let after = await stored();
    for (const until = dueAt + 90_000; !reread(after) && Date.now() < until; after = await stored()) await new Promise((resolve) => setTimeout(resolve, 500));
    const done = reread(after);
    expect(done, `the re-read was done within 90 s of coming due (events: ${after.events.map((event) => event.what).join("; ")})`).toBeTruthy();
    expect(done?.at ?? 0, "not before it came due").toBeGreaterThanOrEqual(dueAt);
    expect(served("/api/scheduler/deadline"), "by the scheduler's delivery through the front door").toBeGreaterThan(0);
    expect(served("/api/cron/sweep"), "no sweep ran").toBe(0);
    // The next re-read, a day after completion, is in the re-reads' index and scheduled again.
    expect(after.nextCheckAt).toBe(completedAt + 24 * 3600_000);
    expect(Number(await redis.zscore(`${prefix}checkout:recheck`, order.orderId))).toBe(completedAt + 24 * 3600_000);
    // The buyer sees what they saw: still completed, the same code.
    const seen = await pollUntilFinal(order, () => Date.now() + 10_000, 500);
    expect(seen?.status).toBe("completed");
  } finally {
    redis.disconnect();
  }
}
