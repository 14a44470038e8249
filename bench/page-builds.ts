// npx tsx bench/page-builds.ts <before> <after> – the catalogue and product pages of two builds
// (each a checkout of the shop with its own `next build`, e.g. a `git worktree` of the base),
// both served at once, measured in turn in the same minute: what a change to a page costs or saves
// per view, which bench/page-speed.ts, one build at a time, cannot tell apart from the machine's
// load (docs/architecture-decisions.md 272). First each build's bytes per page (HTML, RSC payload,
// and the page-cache entry as stored), then ROUNDS (4) rounds of the floor's empty page and, for
// each row, the two builds one after the other, the first of the pair changing every round; each
// figure is the server's CPU per request (all its threads, from /proc), the one to compare on a
// shared machine. Rows: the catalogue, a product page in both languages, every product page at
// random ("spread": a cache read per view, decision 262) and a search (rendered per view, through
// the proxy, 4 connections). BENCH_SECONDS (4) per measurement, BENCH_CONNECTIONS (20),
// PAGE_BUILDS_PORT (a free one) the first of five ports in a row.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serialize } from "node:v8";
import { openStore } from "../lib/kv/embedded/open-store";
import { decodeEntry } from "../lib/next-cache/entry-codec";
import { freePort } from "../tests/support/free-port";
import { spawnServer, type SpawnedServer } from "../tests/support/spawn-server";
import { startCheckoutServices } from "./lib/checkout-services";
import { load, type LoadResult } from "./lib/load";
import { npmStartArgs } from "./lib/npm-start";
import { processCpuMs } from "./lib/process-cpu";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const FLOOR_DIR = "bench/framework-floor";
const PRODUCT = "/products/432/starfall-legends-crystals";
const SIZED = ["/", "/zh", PRODUCT, `/zh${PRODUCT}`];

async function main(): Promise<void> {
  const dirs = process.argv.slice(2, 4).map((dir) => resolve(dir));
  if (dirs.length !== 2 || !dirs.every((dir) => existsSync(join(dir, ".next", "BUILD_ID")))) throw new Error("usage: bench/page-builds.ts <before> <after>, each a built checkout of the shop");
  if (!existsSync(join(FLOOR_DIR, ".next"))) throw new Error(`build the floor first: npx next build ${FLOOR_DIR}`);
  const first = Number(process.env.PAGE_BUILDS_PORT ?? (await freePort()));
  const ports = { shop: first, upstream: first + 1, payments: first + 2, floor: first + 3, after: first + 4 };
  const dataDir = mkdtempSync(join(tmpdir(), "bench-page-builds-"));
  const services = await startCheckoutServices(ports, dataDir);
  // `next start <dir>` with this checkout's Next and npm start's V8 settings, as the floor in page-speed.ts.
  const start = (dir: string, port: number, env: Record<string, string>) =>
    spawnServer(process.execPath, [...npmStartArgs(), dir, "-p", String(port)], { url: `http://127.0.0.1:${port}`, env });
  const floor = await start(FLOOR_DIR, ports.floor, { NODE_ENV: "production" });
  const kvDirs = [join(dataDir, "kv-before"), join(dataDir, "kv-after")];
  const shops: SpawnedServer[] = [];
  try {
    shops.push(await start(dirs[0]!, ports.shop, services.shopEnv(kvDirs[0]!)));
    shops.push(await start(dirs[1]!, ports.after, { ...services.shopEnv(kvDirs[1]!), PORT: String(ports.after), SHOP_URL: `http://127.0.0.1:${ports.after}` }));
    const products = await productPaths(shops[0]!.url);
    for (const [n, shop] of shops.entries()) {
      // Each page rendered once and then served from the cache.
      for (const path of [...SIZED, ...products]) for (let k = 0; k < 2; k += 1) await (await fetch(`${shop.url}${path}`)).text();
      for (const path of SIZED) console.log(`${n ? "after " : "before"} ${path.padEnd(45)} ${await sizes(shop.url, path, kvDirs[n]!)}`);
    }
    const rows = Object.fromEntries(
      shops.map((shop, n) => {
        const url = (path: string) => `${shop.url}${path}`;
        const measure = (options: Omit<Parameters<typeof load>[0], "seconds">) => (seconds: number) => load({ connections: CONNECTIONS, ...options, seconds });
        return [
          n,
          {
            cpu: processCpuMs(Number(new URL(shop.url).port)),
            catalogue: measure({ url: url("/") }),
            product: measure({ url: url(PRODUCT) }),
            "zh product": measure({ url: url(`/zh${PRODUCT}`) }),
            spread: measure({ url: shop.url, paths: products }),
            search: measure({ url: url("/search?q=crystals"), connections: 4 }),
          },
        ];
      }),
    );
    const kinds = ["catalogue", "product", "zh product", "spread", "search"] as const;
    for (const shop of Object.values(rows)) for (const kind of kinds) await shop[kind](2);
    const floorCpu = processCpuMs(ports.floor);
    const cpuMs: Record<string, number[]> = {};
    for (let round = 1; round <= ROUNDS; round += 1) {
      const floorRun = await measured(floorCpu, (seconds) => load({ url: `${floor.url}/`, seconds, connections: CONNECTIONS }));
      console.log(`\nround ${round}: floor ${floorRun.result.requestsPerSecond.toFixed(0)} requests/s, CPU ${floorRun.cpuMs.toFixed(2)} ms/request`);
      for (const kind of kinds) {
        for (const n of round % 2 ? [0, 1] : [1, 0]) {
          const run = await measured(rows[n]!.cpu, rows[n]![kind]);
          (cpuMs[`${n} ${kind}`] ??= []).push(run.cpuMs);
          const ratio = run.result.requestsPerSecond / floorRun.result.requestsPerSecond;
          console.log(`  ${n ? "after " : "before"} ${kind.padEnd(10)} ${run.result.requestsPerSecond.toFixed(0).padStart(6)} requests/s (${ratio.toFixed(2)} × the floor)   CPU ${run.cpuMs.toFixed(2)} ms/request`);
        }
      }
    }
    console.log("\nCPU per request by round:");
    for (const kind of kinds) console.log(`${kind.padEnd(10)} before ${cpuMs[`0 ${kind}`]!.map((ms) => ms.toFixed(2)).join(" / ")}   after ${cpuMs[`1 ${kind}`]!.map((ms) => ms.toFixed(2)).join(" / ")} ms`);
  } finally {
    for (const shop of shops) await shop.stop();
    await floor.stop();
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measured(cpu: () => number, run: (seconds: number) => Promise<LoadResult>): Promise<{ result: LoadResult; cpuMs: number }> {
  const before = cpu();
  const result = await run(SECONDS);
  return { result, cpuMs: (cpu() - before) / (result.requestsPerSecond * SECONDS) };
}

/** A page's HTML and RSC payload as sent, and its page-cache entry as the embedded store keeps it. */
async function sizes(shopUrl: string, path: string, kvDir: string): Promise<string> {
  const html = await (await fetch(`${shopUrl}${path}`)).arrayBuffer();
  const rsc = await (await fetch(`${shopUrl}${path}`, { headers: { RSC: "1" } })).arrayBuffer();
  return `HTML ${html.byteLength} B, RSC ${rsc.byteLength} B, cache entry ${await storedEntryBytes(kvDir, path)}`;
}

/** The stored (gzipped, base64) and inflated size of the page's entry, read beside the running shop (LMDB allows it). */
async function storedEntryBytes(kvDir: string, path: string): Promise<string> {
  const page = path.replace(/^(\/zh)?/, (zh) => `${zh || "/en"}/by-upstream/this`).replace(/\/$/, "");
  const store = openStore(kvDir);
  try {
    for (const { key, value } of store.keys.getRange({})) {
      if (value.t !== "s" || !key.includes(":entry:") || !key.endsWith(`$${page}`)) continue;
      const entry = await decodeEntry(value.v);
      if (entry.ok) return `${value.v.length} B stored, ${serialize(entry.value).length} B inflated`;
    }
    return "not found";
  } finally {
    await store.env.close();
  }
}

/** Every product page the catalogue links, at its canonical path. */
async function productPaths(shopUrl: string): Promise<string[]> {
  const html = await (await fetch(`${shopUrl}/`)).text();
  return [...new Set([...html.matchAll(/href="(\/products\/[0-9]+\/[a-z0-9-]+)"/g)].map((match) => match[1]!))];
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
