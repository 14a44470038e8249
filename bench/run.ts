// npm run bench – the storefront under load against `next start`, in one run:
//  • requests/s and p99 of the catalogue page, a product page and a static file from public/,
//    with the page/static ratios (goal ≥ 0.5 for the catalogue);
//  • upstream calls per 1,000 page views after warm-up (goal 0);
//  • first-load JS of the catalogue page (goal < 100 kB gzip).
// It builds first unless BENCH_SKIP_BUILD=1 (a build already in .next).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCountingSandbox } from "./lib/counting-sandbox";
import { firstLoadJs } from "./lib/first-load-js";
import { formatRow, load, type LoadResult } from "./lib/load";
import { spawnServer } from "../tests/support/spawn-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SHOP_PORT = 3210;
const UPSTREAM_PORT = 4013;

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== "1") execFileSync("npx", ["next", "build"], { stdio: "inherit" });

  const upstream = await startCountingSandbox(UPSTREAM_PORT);
  const dataDir = mkdtempSync(join(tmpdir(), "bench-kv-"));
  const shop = await spawnServer("npx", ["next", "start", "-p", String(SHOP_PORT)], {
    url: `http://127.0.0.1:${SHOP_PORT}`,
    env: {
      PARTNER_API_URL: upstream.baseUrl,
      PARTNER_LOGIN: "demo",
      PARTNER_API_KEY: "demo-key",
      // A live shop needs its payment settings to start; the bench makes no payment.
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_WEBHOOK_SECRET: "whsec_bench",
      KV_DATA_DIR: dataDir,
      NODE_ENV: "production",
    },
  });
  try {
    const base = shop.url;
    const pages = {
      catalogue: `${base}/`,
      product: `${base}/products/432/starfall-legends-crystals`,
      static: `${base}/brands/starfall-legends.svg`,
    };
    for (const [name, url] of Object.entries(pages)) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${name} page ${url} answered ${response.status}`);
    }
    // Warm-up: every URL under the same load first, so that caches are full and the JIT has
    // compiled the hot paths before anything is counted (the first measured URL was otherwise
    // measured half cold).
    for (const url of Object.values(pages)) await load({ url, seconds: 3, connections: CONNECTIONS });
    upstream.reset();

    const results: Record<string, LoadResult> = {};
    for (const [name, url] of Object.entries(pages)) {
      results[name] = await load({ url, seconds: SECONDS, connections: CONNECTIONS });
    }
    const pageViews = (results.catalogue!.requestsPerSecond + results.product!.requestsPerSecond) * SECONDS;
    const upstreamCalls = upstream.total();
    const js = await firstLoadJs(pages.catalogue);

    console.log(`\nStorefront under \`next start\`, ${SECONDS}s each, ${CONNECTIONS} connections, loopback\n`);
    console.log(formatRow("catalogue page  /", results.catalogue!));
    console.log(formatRow("product page    /products/432/…", results.product!));
    console.log(formatRow("static file     /brands/starfall-legends.svg", results.static!));
    const ratio = (r: LoadResult) => (r.requestsPerSecond / results.static!.requestsPerSecond).toFixed(2);
    console.log(`\nratio catalogue/static  ${ratio(results.catalogue!)}   (goal ≥ 0.50)`);
    console.log(`ratio product/static    ${ratio(results.product!)}`);
    console.log(
      `upstream calls per 1,000 page views after warm-up: ${((upstreamCalls / Math.max(1, pageViews)) * 1000).toFixed(3)}` +
        `   (${upstreamCalls} calls over ${Math.round(pageViews)} views; goal 0)${upstreamCalls ? ` ${JSON.stringify(upstream.calls())}` : ""}`,
    );
    console.log(`first-load JS of the catalogue page: ${(js.gzipBytes / 1024).toFixed(1)} kB gzip in ${js.files} files (${(js.rawBytes / 1024).toFixed(1)} kB raw; goal < 100 kB gzip)`);
  } finally {
    await shop.stop();
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
