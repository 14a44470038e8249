// npx tsx bench/compare-builds.ts – one buyer's checkout figures of two builds, alternated in
// the same hour, since this machine's speed drifts by a third from one hour to the next and a
// difference between two `npm run bench` runs an hour apart says little. Each round starts each
// build's `npm start` afresh against the bench's zero-latency sandboxes, warms it with ten
// buyers, then lets one buyer buy for COMPARE_SECONDS (10) and prints: purchases done, the mean
// POST /api/checkout and its own time (less /api/pay and session creation), checkout to code
// p50/p99, and the shop's CPU per purchase.
//   COMPARE_DIRS=../before,.  two checkouts, each built (`npx next build`) with node_modules
//                             (`git worktree add ../before <rev>`, then `cp -al node_modules
//                             ../before/`: Turbopack refuses a symlinked one)
//   COMPARE_ROUNDS=3          rounds, each build once per round
//   COMPARE_REDIS_DELAY_MS=2  the shops' KV on the Redis at 127.0.0.1:6379 (REDIS_URL), its
//                             every reply held back that long by a proxy: a store across a
//                             network; without it, each shop's own embedded store
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { percentile, runBuyers } from "./lib/checkout-buyers";
import { startCheckoutServices } from "./lib/checkout-services";
import { liftCardOrderLimitIn } from "./lib/one-test-card";
import { startDelayingProxy, type DelayingProxy } from "./lib/delaying-proxy";
import { processCpuMs } from "./lib/process-cpu";
import { spawnServer } from "../tests/support/spawn-server";

const DIRS = (process.env.COMPARE_DIRS ?? "").split(",").filter(Boolean).map((dir) => resolve(dir));
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 3);
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 10);
const REDIS_DELAY_MS = process.env.COMPARE_REDIS_DELAY_MS === undefined ? null : Number(process.env.COMPARE_REDIS_DELAY_MS);
const PROXY_PORT = 6390;
const FIRST_PORT = 3720;

async function measure(dir: string, port: number, redisUrl: string | null): Promise<string> {
  const tmp = mkdtempSync(join(tmpdir(), "compare-builds-"));
  const services = await startCheckoutServices({ shop: port, upstream: port + 1, payments: port + 2 }, tmp);
  // A prefix of its own per start: no build reads what another left in the shared Redis.
  const kv: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl, KV_PREFIX: `compare-${port}-${Date.now()}:` } : {};
  // On Redis the limit would go under the prefix; the comparison buys 10 buyers × 3 s, under it.
  if (!redisUrl) await liftCardOrderLimitIn(join(tmp, "kv"));
  const shop = await spawnServer("npm", ["--prefix", dir, "start", "--", "-p", String(port)], {
    url: `http://127.0.0.1:${port}`,
    readyPath: "/icon.svg",
    env: { ...services.shopEnv(join(tmp, "kv")), ...kv },
  });
  try {
    const buyers = { shopUrl: shop.url, voucherId: 10101, gameId: 101 };
    await runBuyers({ ...buyers, buyers: 10, seconds: 3 });
    await services.payments.drain();
    await services.upstream.reset();
    await services.payments.reset();
    const cpu = processCpuMs(port);
    const cpuBefore = cpu();
    const alone = await runBuyers({ ...buyers, buyers: 1, seconds: SECONDS });
    const cpuPer = (cpu() - cpuBefore) / alone.length;
    const mean = (total: number | undefined, count: number | undefined) => (total ?? 0) / Math.max(1, count ?? 0);
    const post = alone.reduce((sum, sample) => sum + sample.startMs, 0) / alone.length;
    const pay = mean((await services.upstream.timeMs())["/api/pay"], (await services.upstream.calls())["/api/pay"]);
    const session = mean((await services.payments.timeMs())["POST /v1/checkout/sessions"], (await services.payments.calls())["POST /v1/checkout/sessions"]);
    const toCode = alone.map((sample) => sample.totalMs);
    return (
      `${alone.length} purchases   POST ${post.toFixed(1)} ms (own ${(post - pay - session).toFixed(1)})   ` +
      `checkout to code p50 ${percentile(toCode, 50).toFixed(1)} p99 ${percentile(toCode, 99).toFixed(1)} ms   shop CPU ${cpuPer.toFixed(1)} ms a purchase`
    );
  } finally {
    await shop.stop();
    await services.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (DIRS.length < 2) throw new Error("COMPARE_DIRS: name two built checkouts, comma-separated (see the head of this file)");
  let proxy: DelayingProxy | null = null;
  if (REDIS_DELAY_MS !== null) proxy = await startDelayingProxy(PROXY_PORT, { host: "127.0.0.1", port: 6379 }, REDIS_DELAY_MS);
  const redisUrl = proxy && `redis://127.0.0.1:${proxy.port}`;
  console.log(`One buyer for ${SECONDS} s per build and round; KV: ${redisUrl ? `Redis, every reply ${REDIS_DELAY_MS} ms away` : "each shop's embedded store"}`);
  try {
    // A new port for every start: a server still shutting down must not answer for the next.
    let port = FIRST_PORT;
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const dir of DIRS) {
        console.log(`round ${round}  ${dir.padEnd(24)} ${await measure(dir, port, redisUrl)}`);
        port += 10;
      }
    }
  } finally {
    await proxy?.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
