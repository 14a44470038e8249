// A page is rendered by the process that took its request, never fetched again over a second
// connection. proxy.ts rewrites every shop page (to the cache of the upstream and language it
// serves); Next treats a rewrite as internal only when its origin is the server's own URL, which
// it builds from the host `next start -H` was given. Its middleware writes 127.0.0.1 (or [::1])
// as "localhost", so a shop started with `-H 127.0.0.1` sees every rewrite as external and proxies
// each page to http://localhost:<port> over a new connection: twice the work, and under load
// "Failed to proxy … socket hang up" answered 500. The fix is how the shop is started (README,
// "Running it yourself"); these tests hold the way this project starts it (playwright.config.ts
// and tests/support/instances/shop-instance.ts, which the benchmarks use too) to it.
//
// Next sends the rewrite it resolved as x-middleware-rewrite: a path when it rendered the page
// itself, a whole URL when it proxied it. A plain view of the catalogue or a product page does not
// go through proxy.ts at all (Next's own rewrite, always in process: decision 237), so it carries
// no such header; a search still does.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startShopInstance } from "../support/instances/shop-instance";

/** As many page requests at once as a busy shop gets; the proxied hop failed within this many. */
const BURST = 200;

/** Page views Next routes by itself, without proxy.ts. */
const PLAIN = ["/", "/products/432/starfall-legends-crystals"];
/** Pages proxy.ts rewrites. */
const PROXIED = ["/search?q=starfall", "/?q=starfall"];
const PAGES = [...PLAIN, ...PROXIED];

test.describe("pages rewritten in process @once", () => {
  test("the shop under test renders a rewritten page itself", async ({ request }) => {
    for (const path of PROXIED) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["x-middleware-rewrite"], path).toMatch(/^\/[a-z]{2}\//);
    }
    for (const path of PLAIN) {
      const response = await request.get(path, { headers: { "accept-language": "en-US,en;q=0.9" } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["x-middleware-rewrite"], `${path}: routed by Next, not the proxy`).toBeUndefined();
    }
  });

  test("a shop started as the tests and benchmarks start one answers a burst of pages without a second hop", async () => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(join(tmpdir(), "self-hosted-rewrite-"));
    const logFile = join(dir, "server.log");
    // A demo shop of its own: every variable that picks the mode or the store is the default.
    const shop = await startShopInstance(
      "rewrite",
      { KV_DATA_DIR: join(dir, "kv"), OUTBOX_DIR: join(dir, "outbox"), PARTNER_API_URL: "", STRIPE_SECRET_KEY: "", REDIS_URL: "", KV_REST_API_URL: "", UPSTASH_REDIS_REST_URL: "" },
      logFile,
    );
    try {
      for (const path of PROXIED) {
        const first = await fetch(`${shop.url}${path}`);
        await first.arrayBuffer();
        expect(first.status, path).toBe(200);
        expect(first.headers.get("x-middleware-rewrite"), path).toMatch(/^\/[a-z]{2}\//);
      }
      const answers = await Promise.all(
        Array.from({ length: BURST }, async (_, n) => {
          const response = await fetch(`${shop.url}${PAGES[n % PAGES.length]}`);
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const log = readFileSync(logFile, "utf8");
      expect(log).not.toContain("Failed to proxy");
      expect(answers.filter((status) => status !== 200), "answers other than 200").toEqual([]);
    } finally {
      await shop.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
