// Buying, as a buyer does it in Chromium against the demo shop: the product page's pay step,
// the payments sandbox's hosted page with Stripe's test cards, and the order page that follows
// the order to its end. Plus a reservation that runs out while the buyer hesitates, on a shop
// whose sandbox holds reservations for 20 seconds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { freePort } from "../support/free-port";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { freshEmail, passBotCheck } from "./support/bot-check";

/** Loopback as "localhost" (a 127.0.0.1 start is refused: lib/config/listen-host.ts), resolved to 127.0.0.1 first. */
const IPV4_FIRST = "--dns-result-order=ipv4first";

const CODE = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;

async function startPaying(page: Page, email = freshEmail("gamer")): Promise<void> {
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await page.getByLabel("Email").fill(email);
  await passBotCheck(page);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/payments-sandbox\/pay\//);
}

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay" }).click();
}

test.describe("checkout in the demo shop", () => {
  test("buys a voucher code with 4242 and shows it on the order page", async ({ page }) => {
    await page.goto("/products/101");
    await startPaying(page);
    await payWith(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/orders\/[0-9A-Z]{26}\?key=/);
    await expect(page.getByRole("button", { name: "Copy code" })).toBeVisible({ timeout: 30_000 });
    expect((await page.getByLabel("Code", { exact: true }).textContent())?.trim()).toMatch(CODE);
    await expect(page.getByText("You have been charged.")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Delivered" })).toHaveCount(1);
  });

  test("declines 0002, and the order page says the buyer was not charged", async ({ page }) => {
    await page.goto("/products/101");
    await startPaying(page);
    await payWith(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(/\/orders\//);
    await expect(page.getByText("You have not been charged.")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(1);
  });

  test("tops up a game account directly with a two-field account", async ({ page }) => {
    await page.goto("/products/426");
    await page.getByLabel("Player ID").fill("12345678");
    await page.getByLabel("Zone ID").fill("1234");
    await expect(page.getByText("Player found: MythicRover")).toBeVisible({ timeout: 15_000 });
    await startPaying(page);
    await payWith(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/orders\//);
    await expect(page.getByRole("heading", { name: "Delivered to your account" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("You have been charged.")).toHaveCount(1);
    await expect(page.getByText(/^Mythic Realms Diamonds \(outside Russia\): /)).toHaveCount(1);
  });

  test("tops up a wallet balance with a preset amount", async ({ page }) => {
    await page.goto("/products/1");
    await page.getByRole("button", { name: "$25.00" }).click();
    await page.getByLabel("Account").fill("vaultfan42");
    await expect(page.getByText(/Total/).first()).toBeVisible();
    await startPaying(page);
    expect(await page.getByText(/\$\d+\.\d\d/).count()).toBeGreaterThan(0);
    await payWith(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/orders\//);
    await expect(page.getByRole("heading", { name: "Delivered to your account" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("You have been charged.")).toHaveCount(1);
  });
});

test.describe("a reservation that runs out while the buyer waits @once", () => {
  let shop: SpawnedServer;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "e2e-expiry-"));
    const fixture = JSON.parse(readFileSync("lib/sandbox/fixture/default-fixture.json", "utf8")) as Record<string, unknown>;
    const fixturePath = join(dataDir, "short-reservations.json");
    writeFileSync(fixturePath, JSON.stringify({ ...fixture, reservation_ttl_seconds: 20 }));
    const port = await freePort();
    shop = await spawnServer("npx", ["next", "start", "-p", String(port), "-H", "localhost"], {
      url: `http://127.0.0.1:${port}`,
      env: {
        KV_DATA_DIR: join(dataDir, "kv"),
        OUTBOX_DIR: join(dataDir, "outbox"),
        SANDBOX_FIXTURE: fixturePath,
        NODE_ENV: "production",
        NODE_OPTIONS: IPV4_FIRST,
        PORT: String(port),
        SHOP_URL: `http://127.0.0.1:${port}`,
      },
    });
  });
  test.afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("closes the payment page, releases the reservation and says nothing was charged", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${shop.url}/products/101`);
    await startPaying(page);
    const paymentUrl = page.url();
    // The buyer leaves the payment page and waits on the order page past the reservation.
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(/\/orders\//);
    await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Not completed" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("You have not been charged.")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(0);
    // The payment page it had is closed: the card cannot be charged for a voucher we no longer hold.
    await page.goto(paymentUrl);
    await payWith(page, "4242 4242 4242 4242").catch(() => undefined);
    expect(await page.getByText(/expired|no longer/i).count()).toBeGreaterThan(0);
  });
});
