// npx tsx bench/purchase-cpu.ts – where the shop's CPU per purchase goes, by request kind (issue
// 27): `next start` of the build in .next under `node --cpu-prof`, against the bench's
// zero-latency sandboxes, and one buyer making PURCHASES (60) whole purchases as
// bench/lib/checkout-buyers.ts's buyOnce does, one step at a time, each step followed by
// SETTLE_MS (80) of quiet so that the work it set off in the shop (after(), the webhook the
// payment sends) is done before the next begins. The shop's CPU is then read per step: from /proc
// (all threads, 10 ms ticks, so only its sum over many purchases means something) and from the
// profile's main thread, split into bench/lib/profile-split.ts's buckets. The steps are taken in
// turn rather than at once as in the load benches, so these figures miss what requests running
// together share or fight over; they say where a purchase's work is, not what it costs at 20/s.
// Since the webhook is taken before the page, the page finds the order final and never looks
// again, as a buyer mostly does under load (the page waits for the webhook's run, buyer-order.ts).
//   PURCHASES=60 SETTLE_MS=80 PURCHASE_PORT=4310 (the sandboxes take the next two)
//   PROFILE_KEEP=1 keeps the profile; PROFILE_KV=redis runs the shop on Redis as profile-checkout.ts does
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { startCheckoutServices, type CheckoutServices } from "./lib/checkout-services";
import { processCpuMs } from "./lib/process-cpu";
import { profileSplits } from "./lib/profile-split";
import { startProfiledShop } from "./lib/profiled-shop";

const PURCHASES = Number(process.env.PURCHASES ?? 60);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 80);
const SHOP_PORT = Number(process.env.PURCHASE_PORT ?? 4310);
const ON_REDIS = process.env.PROFILE_KV === "redis";

/** The steps of a purchase, in the order a buyer takes them. */
const STEPS = [
  "POST /api/checkout and its after() (the order email, health samples)",
  "payment: the webhook the pay page sends, and its after()",
  "GET /orders/{id}?key= (the page the payment returns to)",
  "GET /api/orders/{id} (the page's looks until final)",
] as const;
type Step = (typeof STEPS)[number];

/** Windows of each step on the profile's clock (µs, process.hrtime) and the shop's /proc CPU in them. */
class StepClock {
  readonly windows = new Map<Step, [number, number][]>(STEPS.map((step) => [step, []]));
  readonly cpuMs = new Map<Step, number>(STEPS.map((step) => [step, 0]));
  readonly count = new Map<Step, number>(STEPS.map((step) => [step, 0]));
  constructor(private readonly cpu: () => number) {}

  async time<T>(step: Step, work: () => Promise<T>): Promise<T> {
    const cpuFrom = this.cpu();
    const from = nowUs();
    const result = await work();
    await delay(SETTLE_MS);
    this.windows.get(step)!.push([from, nowUs()]);
    this.cpuMs.set(step, this.cpuMs.get(step)! + this.cpu() - cpuFrom);
    this.count.set(step, this.count.get(step)! + 1);
    return result;
  }
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** One purchase as buyOnce makes it, each step timed apart. */
async function purchase(shopUrl: string, services: CheckoutServices, clock: StepClock | null, email: string): Promise<void> {
  const time = <T>(step: Step, work: () => Promise<T>) => (clock ? clock.time(step, work) : work());
  const created = await time(STEPS[0], async () => {
    const response = await fetch(`${shopUrl}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ voucher_id: 10101, game_id: 101, email }),
    });
    const body = (await response.json()) as { order_id?: string; payment_url?: string | null; order_url?: string };
    if (response.status !== 201 || !body.payment_url || !body.order_url || !body.order_id) throw new Error(`checkout answered ${response.status}: ${JSON.stringify(body)}`);
    return body as { order_id: string; payment_url: string; order_url: string };
  });
  const orderPage = await time(STEPS[1], async () => {
    const paid = await fetch(created.payment_url, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" });
    await paid.arrayBuffer();
    if (paid.status !== 303) throw new Error(`the payment page answered ${paid.status}`);
    // The sandbox sends the webhook after its answer; drain waits until the shop has taken it.
    await services.payments.drain();
    return paid.headers.get("location") ?? created.order_url;
  });
  const final = await time(STEPS[2], async () => {
    const page = await fetch(orderPage);
    const html = await page.text();
    if (!page.ok) throw new Error(`the order page answered ${page.status}`);
    const shown = /\\"final\\":(true|false)/.exec(html);
    if (!shown) throw new Error(`the order page shows no order: ${html.slice(0, 300)}`);
    return shown[1] === "true";
  });
  const key = new URL(created.order_url).searchParams.get("key") ?? "";
  for (let looks = 0; !final; looks += 1) {
    if (looks === 30) throw new Error(`order ${created.order_id} was not final after 30 looks`);
    const done = await time(STEPS[3], async () => {
      const read = await fetch(`${shopUrl}/api/orders/${created.order_id}`, { headers: { authorization: `Bearer ${key}` } });
      return ((await read.json()) as { final?: boolean }).final === true;
    });
    if (done) break;
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "purchase-cpu-"));
  const services = await startCheckoutServices({ shop: SHOP_PORT, upstream: SHOP_PORT + 1, payments: SHOP_PORT + 2 }, dir);
  const { shop, profiles, redis } = await startProfiledShop(SHOP_PORT, services, dir, ON_REDIS);
  const clock = new StepClock(processCpuMs(SHOP_PORT));
  try {
    // Warm: every route compiled and its modules loaded before anything is counted.
    for (let n = 0; n < 10; n += 1) await purchase(shop.url, services, null, `warm-${n}@example.com`);
    await delay(500);
    for (let n = 0; n < PURCHASES; n += 1) await purchase(shop.url, services, clock, `purchase-${n}@example.com`);
  } finally {
    await shop.stop();
    await services.close();
    await redis?.stop();
  }

  const main = readdirSync(profiles).filter((name) => name.endsWith(".cpuprofile")).sort()[0];
  const splits = profileSplits(join(profiles, main!), clock.windows);
  let cpuTotal = 0;
  let sampledTotal = 0;
  const byBucket = new Map<string, number>();
  console.log(`\n${ON_REDIS ? "on Redis: " : ""}${PURCHASES} purchases, one step at a time (${SETTLE_MS} ms quiet after each)\n`);
  for (const step of STEPS) {
    const split = [...splits.get(step)!].filter(([name]) => name !== "(idle)").sort((a, b) => b[1] - a[1]);
    const sampled = split.reduce((sum, [, ms]) => sum + ms, 0);
    const cpu = clock.cpuMs.get(step)!;
    cpuTotal += cpu;
    sampledTotal += sampled;
    for (const [name, ms] of split) byBucket.set(name, (byBucket.get(name) ?? 0) + ms);
    const per = (clock.count.get(step)! / PURCHASES).toFixed(2);
    console.log(`${step}: ${per} a purchase; process CPU ${(cpu / PURCHASES).toFixed(2)} ms a purchase, sampled main thread ${(sampled / PURCHASES).toFixed(2)}, of which`);
    for (const [name, ms] of split) if (ms / PURCHASES >= 0.05) console.log(`${(ms / PURCHASES).toFixed(2).padStart(8)} ms  ${name}`);
  }
  console.log(`\nwhole purchase: process CPU ${(cpuTotal / PURCHASES).toFixed(2)} ms (all threads, the profiler's cost included), sampled main thread ${(sampledTotal / PURCHASES).toFixed(2)} ms, of which`);
  for (const [name, ms] of [...byBucket].sort((a, b) => b[1] - a[1])) if (ms / PURCHASES >= 0.05) console.log(`${(ms / PURCHASES).toFixed(2).padStart(8)} ms  ${name}`);
  if (process.env.PROFILE_KEEP) {
    writeFileSync(join(profiles, "steps.json"), JSON.stringify(Object.fromEntries(clock.windows)));
    console.log(`profile kept in ${profiles}, with each step's windows in steps.json`);
  }
  else rmSync(dir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
