// The self-hosted shop as the Dockerfile runs it: the build's .next/standalone copied somewhere
// else with .next/static and public beside it (nothing else of the repository), started with
// `node server.js` on HOSTNAME=0.0.0.0, against Redis. It must serve its pages through the
// shared cache handler (which the build has to carry), render a rewritten page in one hop, and
// sell a code. There is no Docker daemon in CI, so this is the test of the image's contents.
import { spawn } from "node:child_process";
import { cpSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
// The bench's buyer posts its checkouts without a bot token, so this shop runs with BOT_CHECK=off:
// what is tested here is the server the Dockerfile starts, not screening.
import { buyOnce } from "../../bench/lib/checkout-buyers";
import { freePort } from "../support/free-port";
import { startTestRedis } from "../support/redis-server";

test.describe("the standalone server @once", () => {
  test("a copy of .next/standalone serves pages from Redis and sells a code", async () => {
    test.setTimeout(180_000);
    expect(existsSync(".next/standalone/server.js"), "next build with output: 'standalone' first").toBe(true);
    const started = await startTestRedis();
    if (!started.ok) throw new Error(started.reason);
    const { redis } = started;
    const app = mkdtempSync(join(tmpdir(), "standalone-"));
    // As the Dockerfile's last stage copies them.
    cpSync(".next/standalone", app, { recursive: true });
    cpSync(".next/static", join(app, ".next/static"), { recursive: true });
    cpSync("public", join(app, "public"), { recursive: true });
    const port = await freePort();
    const logFile = join(app, "server.log");
    const log = createWriteStream(logFile);
    // Only what the Dockerfile sets and a demo on Redis needs: nothing of this shell leaks in.
    const server = spawn(process.execPath, ["server.js"], {
      cwd: app,
      env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: String(port), HOSTNAME: "0.0.0.0", SHOP_MODE: "demo", REDIS_URL: redis.url, KV_PREFIX: redis.prefix, BOT_CHECK: "off" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    server.stdout.pipe(log);
    server.stderr.pipe(log);
    const url = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 60_000;
      for (let ready = false; !ready; ) {
        const log = () => (existsSync(logFile) ? readFileSync(logFile, "utf8").slice(0, 3000) : "");
        expect(server.exitCode, `the server exited at start: ${log()}`).toBeNull();
        expect(Date.now() < deadline, `the server did not answer within a minute: ${log()}`).toBe(true);
        ready = await fetch(`${url}/icon.svg`).then((r) => r.ok, () => false);
        if (!ready) await delay(200);
      }
      for (const path of ["/", "/products/432/starfall-legends-crystals", "/search?q=starfall"]) {
        const page = await fetch(`${url}${path}`, { redirect: "manual" });
        const html = await page.text();
        expect([200, 308], path).toContain(page.status);
        if (page.status === 200) {
          expect(html, path).toContain("</html>");
          // Rendered in this process, not fetched again over a second connection (a search goes
          // through proxy.ts's rewrite; a plain page view through Next's own, always in process).
          if (path.startsWith("/search")) expect(page.headers.get("x-middleware-rewrite"), path).toMatch(/^\/[a-z]{2}\//);
        }
      }
      const sold = await buyOnce({ shopUrl: url, voucherId: 23101, gameId: 231 }, "standalone@example.com");
      expect(sold.status).toBe("completed");
      // The pages went through the shared cache handler: its entries are in Redis.
      const client = new Redis(redis.url);
      const cached = await client.keys(`${redis.prefix}*`);
      client.disconnect();
      expect(cached.some((key) => /cache/i.test(key)), cached.slice(0, 20).join(", ")).toBe(true);
      const output = readFileSync(logFile, "utf8");
      expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (module|package)|Failed to proxy/);
    } finally {
      if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
      await delay(500);
      await redis.stop();
      rmSync(app, { recursive: true, force: true });
    }
  });
});
