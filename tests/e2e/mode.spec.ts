// Demo and live mode against the production build: one build, configured at start. The same
// .next folder is started as live against a standalone sandbox with its own fixture, then as a
// demo again; the first request of each must show its own upstream's catalogue and nothing of
// the other's (Next keeps rendered pages on disk between runs). A misconfigured live shop must
// stop before serving, naming what is missing.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/free-port";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";

/** Loopback as "localhost" (a 127.0.0.1 start is refused: lib/config/listen-host.ts), resolved to 127.0.0.1 first. */
const IPV4_FIRST = "--dns-result-order=ipv4first";

const LIVE_PRODUCT = "Lighthouse Fixture Gift Card"; // tests/e2e/fixtures/other-upstream.json
const DEMO_PRODUCT = "Vaultline"; // the bundled fixture's brand

/** Every variable that picks the mode, cleared so the parent's environment cannot leak in. */
const CLEAN = { SHOP_MODE: "", PARTNER_API_URL: "", PARTNER_LOGIN: "", PARTNER_API_KEY: "", VERCEL: "", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", SHOP_URL: "", CHECKOUT_CODE_KEY: "" };

/** What a live shop needs besides its upstream's URL. */
const LIVE_SETTINGS = {
  PARTNER_LOGIN: "live-shop",
  PARTNER_API_KEY: "live-key",
  // A test key pays only for test orders: a live shop with a test key must say so.
  STRIPE_SECRET_KEY: "sk_test_e2e",
  PARTNER_TEST_MODE: "1",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e",
  SHOP_URL: "http://127.0.0.1:3000",
  CHECKOUT_CODE_KEY: "abababababababababababababababababababababababababababababababab",
  // A live shop starts only with its admin's owner and secret (README, Admin).
  ADMIN_EMAIL: "owner@shop.example",
  ADMIN_PASSWORD_HASH: "scrypt:1024:8:1:SOMb8e1iV3THKUVCAIp4lw:o16pYm9hgBbfb8ORgJ3Ei_6h-1i0U68Fg4xtHqtvMio",
  AUTH_SECRET: "2cL9mIZ872YN6FhpoKHvukNuQ6wWBFUqY+XxxI+2vWM=",
  // The checkout's bot check (lib/fraud/bot-check-setting.ts); these shops take no checkout.
  TURNSTILE_SITE_KEY: "0x4AAAAAAAsite",
  TURNSTILE_SECRET_KEY: "0x4AAAAAAAsecret",
};

const started: SpawnedServer[] = [];
const folders: string[] = [];

async function startShop(env: Record<string, string>): Promise<SpawnedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "mode-kv-"));
  folders.push(dataDir);
  // readyPath: a path that renders nothing, so the test's own request is the shop's first page.
  const shop = await spawnServer("npx", ["next", "start", "-p", String(port), "-H", "localhost"], {
    url: `http://127.0.0.1:${port}`,
    env: { ...CLEAN, KV_DATA_DIR: dataDir, NODE_ENV: "production", NODE_OPTIONS: IPV4_FIRST, ...env },
    readyPath: "/icon.svg",
  });
  started.push(shop);
  return shop;
}

async function page(shop: SpawnedServer, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(new URL(path, shop.url));
  return { status: response.status, body: await response.text() };
}

test.afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test.describe("one build, configured at start @once", () => {
  test("serves each upstream's own catalogue from the first request, never another's", async ({ baseURL }) => {
    test.setTimeout(180_000);
    // The suite's shop (Playwright's webServer) is the demo run of this build.
    const demoFirst = await fetch(baseURL ?? "").then((r) => r.text());
    expect(demoFirst).toContain(DEMO_PRODUCT);
    expect(demoFirst).toContain("Demo shop — nothing here is real");

    const sandboxPort = await freePort();
    const upstream = await spawnServer("npx", ["tsx", "scripts/sandbox.ts"], {
      url: `http://127.0.0.1:${sandboxPort}`,
      env: { ...CLEAN, PORT: String(sandboxPort), SANDBOX_FIXTURE: "tests/e2e/fixtures/other-upstream.json" },
    });
    started.push(upstream);
    const live = await startShop({
      PARTNER_API_URL: upstream.url,
      ...LIVE_SETTINGS,
    });
    const liveFirst = await page(live, "/");
    expect(liveFirst.status).toBe(200);
    expect(liveFirst.body).toContain(LIVE_PRODUCT);
    expect(liveFirst.body).not.toContain(DEMO_PRODUCT);
    expect(liveFirst.body).not.toContain("Demo shop");
    const product = await page(live, "/products/101");
    expect(product.body).toContain(LIVE_PRODUCT);
    // The sandboxes are demo-only.
    expect((await page(live, "/sandbox/api/gameslist")).status).toBe(404);
    expect((await page(live, "/payments-sandbox/v1/payment_intents")).status).toBe(404);
    // A server killed by a signal has no exit code, and stop() would wait for it again.
    started.splice(started.indexOf(live), 1);
    await live.stop();

    const demoAgain = await startShop({});
    const demoAgainFirst = await page(demoAgain, "/");
    expect(demoAgainFirst.body).toContain(DEMO_PRODUCT);
    expect(demoAgainFirst.body).not.toContain(LIVE_PRODUCT);
    expect((await page(demoAgain, "/products/101")).body).not.toContain(LIVE_PRODUCT);
  });
});

test.describe("a misconfigured live shop @once", () => {
  test("stops at start with one message naming every missing setting", async () => {
    const port = await freePort();
    const child = spawn("npx", ["next", "start", "-p", String(port), "-H", "localhost"], {
      env: { ...process.env, ...CLEAN, SHOP_MODE: "live", PARTNER_API_URL: "https://partner.example/api", NODE_ENV: "production", NODE_OPTIONS: IPV4_FIRST },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));

    expect(code).not.toBe(0);
    const message = output.split("\n").find((line) => line.includes("Invalid configuration")) ?? "";
    for (const name of ["PARTNER_LOGIN", "PARTNER_API_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) {
      expect(message).toContain(name);
    }
  });
});

test.describe("a live shop whose upstream is down with nothing cached @once", () => {
  test("answers 503 'temporarily unavailable' with no-store, never an empty catalogue or a 404", async () => {
    const closed = await freePort(); // nothing listens there: every upstream call is refused
    const shop = await startShop({
      PARTNER_API_URL: `http://127.0.0.1:${closed}`,
      ...LIVE_SETTINGS,
    });
    // The render that finds the outage answers with the error page (which says "Catalogue
    // temporarily unavailable" for this digest), never a 200 or a 404, and is never cached.
    const first = await page(shop, "/");
    expect(first.status).toBeGreaterThanOrEqual(500);
    expect(first.body).toContain("CATALOG_UNAVAILABLE");
    // Once the outage is known, the proxy answers for every catalogue page without rendering.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    for (const path of ["/", "/products/101"]) {
      const response = await fetch(new URL(path, shop.url));
      expect(response.status, path).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("retry-after")).toBe("30");
      expect(await response.text()).toContain("Catalogue temporarily unavailable");
    }
  });
});
