// npx tsx bench/page-speed.ts – the catalogue and product pages under load over the framework
// floor's empty page (issue 27, goal ≥ 0.5 ×), as bench/hosting.ts measures them but with every
// server up at once and the pages measured in turn, ROUNDS (3) times: on a machine shared with
// other work, a ratio is only worth something against a floor measured in the same minute.
// Also prints each page's HTML bytes beside the floor's, since a cached page's cost grows with
// what is sent, and measures the floor's own page of the catalogue's weight (as-heavy): the most a
// page of that weight reaches on Next. Runs on the builds in .next and bench/framework-floor/.next (built if missing),
// the shop in live mode on its embedded store against the zero-latency sandboxes of npm run bench.
// A last row serves the catalogue page on a second `next start` of the same build with proxy.ts
// switched off (bench/lib/without-proxy.mjs), at the path "/" is rewritten to: the page's own
// cost, without what routing adds (a rewrite, and the proxy's run where a page view needs it;
// a plain view of "/" runs no proxy since decision 237).
// A row "products, spread" asks for every product page the catalogue links, each request one
// picked at random: Next joins concurrent views of one page to a single cache read (decision
// 243), so the rows of one URL show a read's cost shared by a dozen views, and this row shows it
// as a shop whose buyers look at different pages pays it, about once per view.
// Beside requests/s, each server's CPU per request (all its threads, read from /proc): other work
// on the machine lowers requests/s but hardly the CPU a request takes, so that figure is the one
// to compare across runs. BENCH_SECONDS (5) per measurement, BENCH_CONNECTIONS (20) as hosting.ts.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCheckoutServices } from "./lib/checkout-services";
import { formatRow, load, type LoadResult } from "./lib/load";
import { npmStartArgs } from "./lib/npm-start";
import { processCpuMs } from "./lib/process-cpu";
import { routeDecision } from "../lib/shop/route-decision";
import { freePort } from "../tests/support/free-port";
import { spawnServer } from "../tests/support/spawn-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FLOOR_DIR = "bench/framework-floor";

async function main(): Promise<void> {
  if (!existsSync(`${FLOOR_DIR}/.next`)) execFileSync("npx", ["next", "build", FLOOR_DIR], { stdio: "inherit" });
  const dataDir = mkdtempSync(join(tmpdir(), "bench-page-speed-"));
  const ports = { shop: await freePort(), upstream: await freePort(), payments: await freePort(), floor: await freePort(), noProxy: await freePort() };
  const services = await startCheckoutServices(ports, dataDir);
  const floor = await spawnServer(process.execPath, [...npmStartArgs(), FLOOR_DIR, "-p", String(ports.floor)], {
    url: `http://127.0.0.1:${ports.floor}`,
    env: { NODE_ENV: "production" },
  });
  const shop = await spawnServer("npm", ["start", "--", "-p", String(ports.shop)], { url: `http://127.0.0.1:${ports.shop}`, env: services.shopEnv(join(dataDir, "kv")) });
  const noProxy = await spawnServer(process.execPath, ["--import", "./bench/lib/without-proxy.mjs", ...npmStartArgs(), "-p", String(ports.noProxy)], {
    url: `http://127.0.0.1:${ports.noProxy}`,
    // Its own store: nothing it caches is served to the shop, or the other way round.
    env: { ...services.shopEnv(join(dataDir, "kv-no-proxy")), PORT: String(ports.noProxy) },
    // Without the proxy nothing answers "/", but a 404 still says the server is up.
    readyPath: "/icon.svg",
  });
  try {
    const catalogueInside = routeDecision("/", "live");
    if (catalogueInside.kind !== "rewrite") throw new Error(`"/" is no rewrite: ${catalogueInside.kind}`);
    const pages = {
      floor: `${floor.url}/`,
      // The floor's own page as heavy as the catalogue: what Next spends on that many bytes.
      "floor, as heavy": `${floor.url}/as-heavy`,
      catalogue: `${shop.url}/`,
      product: `${shop.url}/products/432/starfall-legends-crystals`,
      "catalogue, no proxy": `${noProxy.url}${catalogueInside.path}`,
    };
    for (const [name, url] of Object.entries(pages)) {
      const response = await fetch(url);
      const html = await response.text();
      if (response.status !== 200 || !html.includes("</html>")) throw new Error(`${name} answered ${response.status} with ${html.length} characters`);
      console.log(`${name.padEnd(20)} ${String(Buffer.byteLength(html)).padStart(7)} bytes of HTML, cache ${response.headers.get("x-nextjs-cache") ?? "-"}`);
    }
    const products = await productPaths(shop.url);
    // Each product page rendered once and then served from the cache, as the catalogue above.
    for (const path of products) for (let n = 0; n < 2; n += 1) await (await fetch(`${shop.url}${path}`)).text();
    console.log(`products, spread     ${products.length} product pages`);
    const rows: Record<string, (seconds: number) => Promise<LoadResult>> = {
      ...Object.fromEntries(Object.entries(pages).map(([name, url]) => [name, (seconds: number) => load({ url, seconds, connections: CONNECTIONS })])),
      "products, spread": (seconds) => load({ url: shop.url, paths: products, seconds, connections: CONNECTIONS }),
    };
    for (const measure of Object.values(rows)) await measure(3);
    const cpu = {
      floor: processCpuMs(ports.floor),
      "floor, as heavy": processCpuMs(ports.floor),
      catalogue: processCpuMs(ports.shop),
      product: processCpuMs(ports.shop),
      "catalogue, no proxy": processCpuMs(ports.noProxy),
      "products, spread": processCpuMs(ports.shop),
    };
    const results: Record<string, LoadResult[]> = Object.fromEntries(Object.keys(rows).map((name) => [name, []]));
    const cpuMs: Record<string, number> = Object.fromEntries(Object.keys(rows).map((name) => [name, 0]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`\nround ${round} (${SECONDS} s each, ${CONNECTIONS} connections)`);
      for (const [name, measure] of Object.entries(rows)) {
        const cpuOf = cpu[name as keyof typeof cpu];
        const before = cpuOf();
        const result = await measure(SECONDS);
        const perRequest = (cpuOf() - before) / (result.requestsPerSecond * SECONDS);
        cpuMs[name] = (cpuMs[name] ?? 0) + perRequest / ROUNDS;
        results[name]!.push(result);
        const ratio = name === "floor" ? "" : `   ${(result.requestsPerSecond / results.floor!.at(-1)!.requestsPerSecond).toFixed(2)} × the floor`;
        console.log(`${formatRow(name, result)}   CPU ${perRequest.toFixed(2)} ms/request${ratio}`);
      }
    }
    const total = (name: string) => results[name]!.reduce((sum, r) => sum + r.requestsPerSecond, 0);
    const ratio = (name: string) => (total(name) / total("floor")).toFixed(2);
    console.log(`\nover ${ROUNDS} rounds: catalogue ${ratio("catalogue")} ×, product ${ratio("product")} × the floor (goal ≥ 0.5 ×); the catalogue without the proxy ${ratio("catalogue, no proxy")} ×; the floor's page as heavy as the catalogue ${ratio("floor, as heavy")} ×; products spread ${ratio("products, spread")} ×`);
    console.log(`CPU per request: ${Object.entries(cpuMs).map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`).join(", ")}`);
  } finally {
    await noProxy.stop();
    await shop.stop();
    await floor.stop();
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every product page the catalogue links, at its canonical path. */
async function productPaths(shopUrl: string): Promise<string[]> {
  const html = await (await fetch(`${shopUrl}/`)).text();
  const paths = [...new Set([...html.matchAll(/href="(\/products\/[0-9]+\/[a-z0-9-]+)"/g)].map((match) => match[1]!))];
  if (paths.length < 10) throw new Error(`the catalogue links ${paths.length} product pages: too few to spread the load`);
  return paths;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
