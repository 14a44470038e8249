// Browser tests on Playwright's runner: the production build under `next start` (npm test builds
// it first), driven in Debian's Chromium, once as a desktop and once as a 390×844 phone. Tests
// that do not depend on the screen (HTTP fuzzing, mode switching, a spawned shop of their own)
// are tagged @once and run in the desktop project only; tests of the phone layout are tagged
// @phone and run in the phone project only, so nothing is reported as skipped.
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/e2e/support/browser";

const port = Number(process.env.E2E_PORT ?? 3217);
const baseURL = `http://127.0.0.1:${port}`;
/** The shop's own KV and outbox, emptied at every start: each run begins with no orders. */
const shopData = "test-results/e2e-shop";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // One shop server and one browser at a time: CI has 2 cores.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  // A retry in CI records a trace of what went wrong; a test that passed only on retry is
  // reported as flaky by name (scripts/test-summary.mjs), never silently green.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  outputDir: "test-results/e2e-artifacts",
  reporter: [
    ["list"],
    ["html", { outputFolder: "test-results/e2e-report", open: "never" }],
    ["json", { outputFile: "test-results/e2e.json" }],
  ],
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    baseURL,
    locale: "en-US",
    trace: "on-first-retry",
    // Without these a missing element waits out the whole test instead of failing fast.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", grepInvert: /@phone/, use: { browserName: "chromium", viewport: { width: 1280, height: 900 } } },
    {
      name: "phone",
      grepInvert: /@once/,
      use: { browserName: "chromium", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    // The server's own log is kept beside the report: the fuzz test makes it long and noisy.
    // Loopback as "localhost", not 127.0.0.1, or every rewritten page takes a second hop
    // (tests/e2e/self-hosted-rewrite.spec.ts); ipv4first binds it where baseURL points.
    command: `rm -rf ${shopData} && mkdir -p ${shopData} && NODE_OPTIONS="$NODE_OPTIONS --dns-result-order=ipv4first" npx next start -p ${port} -H localhost > ${shopData}/server.log 2>&1`,
    url: `${baseURL}/icon.svg`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      KV_DATA_DIR: `${shopData}/kv`,
      OUTBOX_DIR: `${shopData}/outbox`,
      NODE_ENV: "production",
      // Order links and the payment page's return address are built on these.
      PORT: String(port),
      SHOP_URL: baseURL,
      // Every test comes from one address: the fuzz test alone posts hundreds of checkouts, and
      // desktop and phone both check players.
      CHECKOUT_RATE_LIMIT: "100000/60s",
      PLAYER_CHECK_RATE_LIMIT: "100000/60s",
      // "Email me my orders", desktop and phone (tests/e2e/buyer-polish.spec.ts).
      ORDER_LINKS_RATE_LIMIT: "100000/60s",
      // The admin tests sign in many times, desktop and phone, all from 127.0.0.1.
      ADMIN_SIGN_IN_LIMIT_ACCOUNT: "100000/60s",
      ADMIN_SIGN_IN_LIMIT_IP: "100000/60s",
      // What the owner features comes first under "Recommended" (tests/e2e/shop.spec.ts).
      SHOP_FEATURED: "481,243",
    },
  },
});
