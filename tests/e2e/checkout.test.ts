// Buying, as a buyer does it in Chromium against the demo shop: the product page's pay step,
// the payments sandbox's hosted page with Stripe's test cards, and the order page that follows
// the order to its end. Plus a reservation that runs out while the buyer hesitates, on a shop
// whose sandbox holds reservations for 20 seconds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { launchBrowser } from "./support/browser";
import { missing, useShopPage } from "./support/shop";

const CODE = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;

async function startPaying(page: Page, email = "gamer@example.com"): Promise<void> {
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/payments-sandbox\/pay\//);
}

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay" }).click();
}

describe.skipIf(missing)("checkout in the demo shop", () => {
  const shop = useShopPage();

  it("buys a voucher code with 4242 and shows it on the order page", async () => {
    const page = shop.page();
    await page.goto(shop.url("/products/101"));
    await startPaying(page);
    await payWith(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/orders\/[0-9A-Z]{26}\?key=/);
    await page.getByRole("button", { name: "Copy code" }).waitFor({ timeout: 30_000 });
    expect((await page.getByLabel("Code", { exact: true }).textContent())?.trim()).toMatch(CODE);
    await expect(page.getByText("You have been charged.").count()).resolves.toBe(1);
    await expect(page.getByRole("heading", { name: "Delivered" }).count()).resolves.toBe(1);
  });

  it("declines 0002, and the order page says the buyer was not charged", async () => {
    const page = shop.page();
    await page.goto(shop.url("/products/101"));
    await startPaying(page);
    await payWith(page, "4000 0000 0000 0002");
    expect(await page.getByRole("alert").textContent()).toBe("Your card was declined.");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(/\/orders\//);
    await expect(page.getByText("You have not been charged.").count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "Pay now" }).count()).resolves.toBe(1);
  });

  it("tops up a game account directly with a two-field account", async () => {
    const page = shop.page();
    await page.goto(shop.url("/products/426"));
    await page.getByLabel("Player ID").fill("12345678");
    await page.getByLabel("Zone ID").fill("1234");
    await page.getByText("Player found: MythicRover").waitFor({ timeout: 15_000 });
    await startPaying(page);
    await payWith(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/orders\//);
    await page.getByRole("heading", { name: "Delivered to your account" }).waitFor({ timeout: 30_000 });
    await expect(page.getByText("You have been charged.").count()).resolves.toBe(1);
    await expect(page.getByText(/^Mythic Realms Diamonds \(outside Russia\): /).count()).resolves.toBe(1);
  });

  it("tops up a wallet balance with a typed amount", async () => {
    const page = shop.page();
    await page.goto(shop.url("/products/1"));
    await page.getByLabel(/Amount to add/).fill("25");
    await page.getByLabel("Account").fill("vaultfan42");
    await page.getByText(/Total/).first().waitFor();
    await startPaying(page);
    await expect(page.getByText(/\$\d+\.\d\d/).count()).resolves.toBeGreaterThan(0);
    await payWith(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/orders\//);
    await page.getByRole("heading", { name: "Delivered to your account" }).waitFor({ timeout: 30_000 });
    await expect(page.getByText("You have been charged.").count()).resolves.toBe(1);
  });
});

describe.skipIf(missing)("a reservation that runs out while the buyer waits", () => {
  let shop: SpawnedServer;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "e2e-expiry-"));
    const fixture = JSON.parse(readFileSync("lib/sandbox/fixture/default-fixture.json", "utf8")) as Record<string, unknown>;
    const fixturePath = join(dataDir, "short-reservations.json");
    writeFileSync(fixturePath, JSON.stringify({ ...fixture, reservation_ttl_seconds: 20 }));
    const port = await freePort();
    shop = await spawnServer("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
      url: `http://127.0.0.1:${port}`,
      env: {
        KV_DATA_DIR: join(dataDir, "kv"),
        OUTBOX_DIR: join(dataDir, "outbox"),
        SANDBOX_FIXTURE: fixturePath,
        NODE_ENV: "production",
        PORT: String(port),
        SHOP_URL: `http://127.0.0.1:${port}`,
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("closes the payment page, releases the reservation and says nothing was charged", { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.url}/products/101`);
    await startPaying(page);
    const paymentUrl = page.url();
    // The buyer leaves the payment page and waits on the order page past the reservation.
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(/\/orders\//);
    await expect(page.getByRole("link", { name: "Pay now" }).count()).resolves.toBe(1);
    await page.getByRole("heading", { name: "Not completed" }).waitFor({ timeout: 60_000 });
    await expect(page.getByText("You have not been charged.").count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "Pay now" }).count()).resolves.toBe(0);
    // The payment page it had is closed: the card cannot be charged for a voucher we no longer hold.
    await page.goto(paymentUrl);
    await payWith(page, "4242 4242 4242 4242").catch(() => undefined);
    await expect(page.getByText(/expired|no longer/i).count()).resolves.toBeGreaterThan(0);
    await page.close();
  });
});
