// npx tsx bench/profile-checkout.ts – where the checkout's own time goes (issue 17): `next start`
// of the build in .next under `node --cpu-prof`, against the zero-latency Partner and payments
// sandboxes of npm run bench, a warm-up, then CHECKOUTS (300) POST /api/checkout one at a time,
// as one buyer. Prints the bench's own-time arithmetic (mean POST less /api/pay and session
// creation), the shop's CPU per checkout, and the profile's split per checkout
// (bench/lib/profile-split.ts) over the measured checkouts only. The wall figures move with the
// machine's load; the split much less. PROFILE_PORT (3312) picks the shop's port; the sandboxes
// take the next two. PROFILE_KV=redis runs the shop on Redis (found or started as the tests do,
// under a key prefix of its own) instead of the embedded store: where the own-time goal is judged,
// and where a KV round trip is a wait on the network rather than CPU. PROFILE_SANDBOX=payments
// also profiles the payments sandbox's process and prints its CPU per checkout and its split,
// the webhooks the run queued sent first.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCheckoutServices } from "./lib/checkout-services";
import { load } from "./lib/load";
import { buyOnce, runBuyers } from "./lib/checkout-buyers";
import { processCpuMs } from "./lib/process-cpu";
import { PAYMENTS_SANDBOX_BUCKETS, profileSplit } from "./lib/profile-split";
import { startProfiledShop } from "./lib/profiled-shop";

const CHECKOUTS = Number(process.env.CHECKOUTS ?? 300);
/** PROFILE_BUYERS=50: whole purchases (pay, webhook, order page, its looks) by that many buyers for 10 s instead. */
const BUYERS = Number(process.env.PROFILE_BUYERS ?? 0);
/**
 * PROFILE_PAGE=/: that page under the bench's page load (20 connections, 10 s) instead; figures
 * per request. PROFILE_PAGE=order: the order page of an order bought just before, as its buyer
 * reloads it once the code is on screen.
 */
const PAGE = process.env.PROFILE_PAGE;
const SHOP_PORT = Number(process.env.PROFILE_PORT ?? 3312);
const ON_REDIS = process.env.PROFILE_KV === "redis";
/** PROFILE_SANDBOX=payments: the payments sandbox's process under the profiler too. */
const PROFILE_PAYMENTS = process.env.PROFILE_SANDBOX === "payments";
const BODY = (n: number) => JSON.stringify({ voucher_id: 10101, game_id: 101, email: `profile-${n}@example.com` });

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "profile-checkout-"));
  const paymentsProfiles = join(dir, "payments-profiles");
  const services = await startCheckoutServices({ shop: SHOP_PORT, upstream: SHOP_PORT + 1, payments: SHOP_PORT + 2 }, dir, {
    profilePaymentsTo: PROFILE_PAYMENTS ? paymentsProfiles : undefined,
  });
  const { upstream, payments } = services;
  const { shop, profiles, redis } = await startProfiledShop(SHOP_PORT, services, dir, ON_REDIS);
  let window: [number, number];
  let wall: number[];
  let cpuMs: number;
  let sandbox: { window: [number, number]; cpuMs: number; drainMs: number } | undefined;
  // The sandboxes' counts, read before their processes stop.
  let counted: { upstream: { calls: Record<string, number>; timeMs: Record<string, number> }; payments: { calls: Record<string, number>; timeMs: Record<string, number> } };
  let count = CHECKOUTS;
  try {
    await checkouts(shop.url, 50, 0);
    await upstream.reset();
    await payments.reset();
    const cpu = processCpuMs(SHOP_PORT);
    const cpuBefore = cpu();
    const paymentsCpuBefore = payments.cpuMs();
    // The profile's clock is the monotonic one process.hrtime reads, in microseconds.
    const from = Number(process.hrtime.bigint() / 1000n);
    const pageUrl = PAGE === "order" ? (await buyOnce({ shopUrl: shop.url, voucherId: 10101, gameId: 101 }, "profile-order@example.com")).orderPage : `${shop.url}${PAGE}`;
    wall = PAGE
      ? Array.from({ length: Math.round((await load({ url: pageUrl, seconds: 10, connections: 20 })).requestsPerSecond * 10) }, () => 0)
      : BUYERS
      ? (await runBuyers({ shopUrl: shop.url, voucherId: 10101, gameId: 101, buyers: BUYERS, seconds: 10 })).map((s) => s.startMs)
      : await checkouts(shop.url, CHECKOUTS, 50);
    count = wall.length;
    window = [from, Number(process.hrtime.bigint() / 1000n)];
    cpuMs = cpu() - cpuBefore;
    if (PROFILE_PAYMENTS) {
      // The webhooks still queued are work these checkouts caused: sent before the sandbox's CPU is read.
      const drainMs = await payments.drain();
      sandbox = { window: [from, Number(process.hrtime.bigint() / 1000n)], cpuMs: payments.cpuMs() - paymentsCpuBefore, drainMs };
    }
    counted = {
      upstream: { calls: await upstream.calls(), timeMs: await upstream.timeMs() },
      payments: { calls: await payments.calls(), timeMs: await payments.timeMs() },
    };
  } finally {
    await shop.stop();
    await services.close();
    await redis?.stop();
  }
  const mean = (total: number | undefined, count: number | undefined) => (total ?? 0) / Math.max(1, count ?? 0);
  const post = wall.reduce((a, b) => a + b, 0) / wall.length;
  const pay = mean(counted.upstream.timeMs["/api/pay"], counted.upstream.calls["/api/pay"]);
  const session = mean(counted.payments.timeMs["POST /v1/checkout/sessions"], counted.payments.calls["POST /v1/checkout/sessions"]);
  console.log(`\n${ON_REDIS ? "on Redis: " : ""}${count} checkouts${BUYERS ? ` by ${BUYERS} buyers` : ", one at a time"}: POST /api/checkout ${post.toFixed(2)} ms = /api/pay ${pay.toFixed(2)} + session ${session.toFixed(2)} + ours ${(post - pay - session).toFixed(2)} ms`);
  const perCheckout = (calls: Record<string, number>) => Object.entries(calls).map(([path, n]) => `${path} ${(n / count).toFixed(2)}`).join(", ");
  console.log(`per checkout: upstream ${perCheckout(counted.upstream.calls)}; payments ${perCheckout(counted.payments.calls)}`);
  console.log(`shop process CPU ${(cpuMs / count).toFixed(2)} ms per checkout (all threads, the profiler's cost included)\n`);

  // The main thread's profile is the first one written (the others are workers').
  const main = readdirSync(profiles).filter((name) => name.endsWith(".cpuprofile")).sort()[0];
  const split = [...profileSplit(join(profiles, main!), ...window)].sort((a, b) => b[1] - a[1]);
  const busy = split.filter(([name]) => name !== "(idle)").reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`sampled main-thread CPU per checkout: ${(busy / count).toFixed(2)} ms, of which`);
  for (const [name, ms] of split) console.log(`${(ms / count).toFixed(2).padStart(8)} ms  ${name}`);
  if (sandbox) printSandboxSplit(paymentsProfiles, sandbox, count);
  if (process.env.PROFILE_KEEP) console.log(`profile kept in ${profiles}${sandbox ? ` and ${paymentsProfiles}` : ""}`);
  else rmSync(dir, { recursive: true, force: true });
}

/** The payments sandbox's CPU per checkout from /proc, and its main thread's sampled split. */
function printSandboxSplit(profiles: string, run: { window: [number, number]; cpuMs: number; drainMs: number }, count: number): void {
  console.log(`\npayments sandbox process CPU ${(run.cpuMs / count).toFixed(2)} ms per checkout (all threads, the profiler's cost included; the queued webhooks' ${run.drainMs.toFixed(0)} ms drain in)`);
  const main = readdirSync(profiles).filter((name) => name.endsWith(".cpuprofile")).sort()[0];
  const split = [...profileSplit(join(profiles, main!), ...run.window, PAYMENTS_SANDBOX_BUCKETS)].sort((a, b) => b[1] - a[1]);
  const busy = split.filter(([name]) => name !== "(idle)").reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`payments sandbox's sampled main-thread CPU per checkout: ${(busy / count).toFixed(2)} ms, of which`);
  for (const [name, ms] of split) console.log(`${(ms / count).toFixed(2).padStart(8)} ms  ${name}`);
}

/** POST /api/checkout `count` times in a row; the time of each as the buyer waits for it. */
async function checkouts(shopUrl: string, count: number, offset: number): Promise<number[]> {
  const times: number[] = [];
  for (let n = offset; n < offset + count; n += 1) {
    const started = performance.now();
    const response = await fetch(`${shopUrl}/api/checkout`, { method: "POST", headers: { "content-type": "application/json" }, body: BODY(n) });
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`checkout ${n} answered ${response.status}: ${body}`);
  }
  return times;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
