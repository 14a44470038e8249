// "At once" on every instance (issue 15): two `next start` of the production build on one Redis
// share Next's cache through the shop's KV (lib/next-cache). A page one instance rendered is
// served by the other without rendering. Then the owner, signed in on instance A in a real
// browser, changes prices in the price editor and hides a product in the catalogue editor, and
// instance B's very next storefront request shows each change: the new price on its product
// page (which B had cached with the old one) and in its checkout quote, and the hidden product
// gone from its catalogue page (cached too), its page a 404 and its checkout refused. Nothing in
// this test touches the store: every change goes through the admin, as an owner makes it, and
// reaches B only through what the two instances share.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { botToken, freshEmail } from "./support/bot-check";
import { startShopInstance, type ShopInstance } from "../support/instances/shop-instance";
import { startTestRedis } from "../support/redis-server";
import { DEMO_OWNER } from "./support/owner-over-http";

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
  KV_REST_API_URL: "",
  KV_REST_API_TOKEN: "",
  UPSTASH_REDIS_REST_URL: "",
  UPSTASH_REDIS_REST_TOKEN: "",
  PRICE_MARKUP_PERCENT: "",
  PRICE_PAYMENT_FEE: "",
  SHOP_URL: "",
};

/** Kinoko Shop Card 10 USD costs $9.80 upstream: $10.78 under the demo's 10 % markup, $10.98 under 12 %. */
const REPRICED = { productId: 221, voucherId: 22101, oldPrice: "$10.78", newPrice: "$10.98", newMinor: 1098 };
/** A product the owner hides (the catalogue browser test hides others). */
const HIDDEN = { productId: 243, voucherId: 24301, name: "Arcadia Cloud Pass" };

interface Answer {
  status: number;
  cache: string | null;
  html: string;
}

async function get(shop: ShopInstance, path: string): Promise<Answer> {
  const response = await fetch(`${shop.url}${path}`, { headers: { "accept-language": "en" }, signal: AbortSignal.timeout(30_000) });
  return { status: response.status, cache: response.headers.get("x-nextjs-cache"), html: await response.text() };
}

/** The price the product page shows for the voucher, as a buyer reads it. */
function shownPrice(answer: Answer, voucherId: number): string | undefined {
  return new RegExp(`id="voucher-${voucherId}"[\\s\\S]*?optionPrice">([^<]+)<`).exec(answer.html)?.[1];
}

/** The price a checkout on this instance is quoted: POST /api/checkout, then the order's own view. */
async function quotedMinor(shop: ShopInstance, product: { productId: number; voucherId: number }): Promise<number | string> {
  const created = await fetch(`${shop.url}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ voucher_id: product.voucherId, game_id: product.productId, email: freshEmail(), bot_token: await botToken(shop.url) }),
  });
  if (created.status !== 201) return `${created.status} ${await created.text()}`;
  const { order_id, order_url } = (await created.json()) as { order_id: string; order_url: string };
  const key = new URL(order_url).searchParams.get("key") ?? "";
  const order = await fetch(`${shop.url}/api/orders/${order_id}`, { headers: { authorization: `Bearer ${key}` } });
  const { price } = (await order.json()) as { price: { minor: number; currency: string } };
  return price.currency === "USD" ? price.minor : `${price.minor} ${price.currency}`;
}

async function checkoutStatus(shop: ShopInstance, product: { productId: number; voucherId: number }): Promise<number> {
  const response = await fetch(`${shop.url}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ voucher_id: product.voucherId, game_id: product.productId, email: freshEmail(), bot_token: await botToken(shop.url) }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function signIn(page: Page) {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Email").fill(DEMO_OWNER.email);
  await page.getByLabel("Password").fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

test.describe("Next's cache shared through KV @once", () => {
  test("the owner's price change and hidden product on instance A show on instance B's very next request", async ({ browser }) => {
    test.setTimeout(240_000);
    const found = await startTestRedis();
    if (!found.ok) {
      console.log(`[shared-cache] SKIPPED: no Redis to share between instances: ${found.reason}`);
      test.skip(true, `no Redis to share between instances: ${found.reason}`);
      return;
    }
    const redis = found.redis;
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

      // A renders the catalogue; B serves A's page without rendering it. The same for the
      // product page to be repriced, and the catalogue and page of the product to be hidden.
      const catalogue = await get(a, "/");
      expect(catalogue.status).toBe(200);
      const onB = await get(b, "/");
      expect(onB.cache).toBe("HIT");
      expect(onB.html).toBe(catalogue.html);
      expect(onB.html).toContain(HIDDEN.name);
      for (const path of [`/products/${REPRICED.productId}`, `/products/${HIDDEN.productId}`]) {
        expect((await get(a, path)).status, `A answers ${path}`).toBe(200);
        const cached = await get(b, path);
        expect(cached.status, `B answers ${path}`).toBe(200);
        expect(cached.cache, `B serves A's ${path}`).toBe("HIT");
      }
      expect(shownPrice(await get(b, `/products/${REPRICED.productId}`), REPRICED.voucherId)).toBe(REPRICED.oldPrice);

      // The owner, on A, raises the whole shop's markup from 10 % to 12 % and saves.
      const context = await browser.newContext({ baseURL: a.url });
      const owner = await context.newPage();
      await signIn(owner);
      await owner.goto("/admin/prices/rule?level=global", { waitUntil: "networkidle" });
      await owner.getByLabel("Markup (%)", { exact: true }).fill("12");
      await owner.getByRole("button", { name: "Preview" }).click();
      // A fresh instance renders the admin's pages for the first time: slow on a busy machine.
      await expect(owner.getByRole("heading", { name: "Preview of your changes" })).toBeVisible({ timeout: 30_000 });
      await owner.getByRole("button", { name: "Save these prices" }).click();
      await expect(owner.getByText(/^Saved as version \d+\./)).toBeVisible({ timeout: 30_000 });

      // B's very next request: its cached page is not served; it renders the new price.
      const repriced = await get(b, `/products/${REPRICED.productId}`);
      expect(shownPrice(repriced, REPRICED.voucherId), "B's first product page after the save").toBe(REPRICED.newPrice);
      expect(repriced.cache).toBe("MISS");
      // A serves B's new page; and a checkout on B is quoted the new price.
      const onA = await get(a, `/products/${REPRICED.productId}`);
      expect(onA.cache).toBe("HIT");
      expect(shownPrice(onA, REPRICED.voucherId)).toBe(REPRICED.newPrice);
      expect(await quotedMinor(b, REPRICED)).toBe(REPRICED.newMinor);

      // The owner, on A, hides a product from the catalogue editor.
      await owner.goto(`/admin/catalogue/${HIDDEN.productId}`, { waitUntil: "networkidle" });
      await owner.getByRole("checkbox", { name: "Hidden from buyers" }).check();
      await owner.getByRole("button", { name: "Save" }).click();
      await expect(owner.getByText("Saved. The storefront shows it from now on.")).toBeVisible({ timeout: 30_000 });
      await context.close();

      // B's very next catalogue no longer lists it, its page is a 404 and its checkout is refused.
      const after = await get(b, "/");
      expect(after.status).toBe(200);
      expect(after.html, "B's first catalogue page after hiding").not.toContain(HIDDEN.name);
      expect((await get(b, `/products/${HIDDEN.productId}`)).status).toBe(404);
      expect((await get(a, `/products/${HIDDEN.productId}`)).status).toBe(404);
      expect(await checkoutStatus(b, HIDDEN)).toBe(409);

      // Each instance says its pages are cached in the Redis they share: the test is what it claims.
      for (const shop of shops) {
        const output = readFileSync(shop.logFile, "utf8");
        expect(output, `${shop.name}'s log`).toContain("[kv] driver: redis");
        expect(output, `${shop.name}'s log`).toContain(`[next-cache] pages and data cached in KV: redis (${redis.url.replace(/\/$/, "")})`);
      }
    } finally {
      await Promise.all(shops.map((shop) => shop.stop()));
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
