// npx tsx bench/order-page-cpu.ts – the shop's CPU per view of a paid order's page, two builds
// alternated in the same minutes (docs/architecture-decisions.md 255–257). Each round starts each
// build's `npm start` afresh against the bench's zero-latency sandboxes, buys one order and pays
// it, warms the page for 2 s, then reloads it from ORDER_PAGE_CONNECTIONS connections for
// ORDER_PAGE_SECONDS and prints the process's CPU per view (all threads) and its main thread's
// alone, read from /proc: a few connections keep the figures steadier on a shared machine than
// the profile's 20 (bench/profile-checkout.ts, PROFILE_PAGE=order).
//   ORDER_PAGE_DIRS=../before,.  two checkouts, each built (see bench/compare-builds.ts)
//   ORDER_PAGE_ROUNDS=2, ORDER_PAGE_SECONDS=8, ORDER_PAGE_CONNECTIONS=4
//   ORDER_PAGE_GZIP=1            also as a browser asks, with Accept-Encoding: gzip
//   ORDER_PAGE_PORT=3740         the shop's port; the sandboxes take the next two
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buyOnce } from "./lib/checkout-buyers";
import { startCheckoutServices } from "./lib/checkout-services";
import { load } from "./lib/load";
import { liftCardOrderLimitIn } from "./lib/one-test-card";
import { processCpuMs } from "./lib/process-cpu";
import { spawnServer } from "../tests/support/spawn-server";

const DIRS = (process.env.ORDER_PAGE_DIRS ?? ".").split(",").filter(Boolean).map((dir) => resolve(dir));
const ROUNDS = Number(process.env.ORDER_PAGE_ROUNDS ?? 2);
const SECONDS = Number(process.env.ORDER_PAGE_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.ORDER_PAGE_CONNECTIONS ?? 4);
const PORT = Number(process.env.ORDER_PAGE_PORT ?? 3740);
const ASKS: [string, Record<string, string>][] = [["plain", {}], ...(process.env.ORDER_PAGE_GZIP ? [["gzip", { "accept-encoding": "gzip, deflate, br" }] as [string, Record<string, string>]] : [])];

/** CPU of the main thread of the process listening on `port`, in ms (Linux /proc, 10 ms ticks). */
function mainThreadCpuMs(port: number): () => number {
  const pid = /pid=(\d+)/.exec(execFileSync("ss", ["-ltnpH", `sport = :${port}`]).toString())?.[1];
  if (!pid) throw new Error(`no process listens on port ${port}`);
  return () => {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
}

async function measure(dir: string): Promise<string> {
  const kv = mkdtempSync(join(tmpdir(), "order-page-cpu-"));
  const services = await startCheckoutServices({ shop: PORT, upstream: PORT + 1, payments: PORT + 2 }, kv);
  try {
    await liftCardOrderLimitIn(join(kv, "kv"));
    const shop = await spawnServer("npm", ["--prefix", dir, "start", "--", "-p", String(PORT)], { url: `http://127.0.0.1:${PORT}`, readyPath: "/icon.svg", env: services.shopEnv(join(kv, "kv")) });
    try {
      const { orderPage } = await buyOnce({ shopUrl: shop.url, voucherId: 10101, gameId: 101 }, "order-page-cpu@example.com");
      await load({ url: orderPage, seconds: 2, connections: CONNECTIONS });
      const [all, main] = [processCpuMs(PORT), mainThreadCpuMs(PORT)];
      const figures: string[] = [];
      for (const [ask, headers] of ASKS) {
        const before = [all(), main()];
        const run = await load({ url: orderPage, seconds: SECONDS, connections: CONNECTIONS, headers });
        const views = Math.max(1, run.requestsPerSecond * SECONDS);
        const broken = run.non2xx || run.errors ? `, non-2xx ${run.non2xx} errors ${run.errors}` : "";
        figures.push(`${ask}: ${((all() - before[0]!) / views).toFixed(2)} ms CPU per view (main thread ${((main() - before[1]!) / views).toFixed(2)}), ${run.requestsPerSecond.toFixed(0)} views/s${broken}`);
      }
      return figures.join("   ");
    } finally {
      await shop.stop();
    }
  } finally {
    await services.close();
    rmSync(kv, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const dir of DIRS) console.log(`round ${round}  ${dir.padEnd(32)} ${await measure(dir)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
