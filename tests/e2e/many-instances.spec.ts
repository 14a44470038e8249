// Many instances on one store (issue 14): a real shop runs several instances over one Redis.
// Three `next start` of the production build share one KV — two on the Redis driver, one on the
// Upstash REST driver through the REST shim in front of the same Redis, all under one KV prefix
// — behind a round-robin balancer that is also the shop's public origin (SHOP_URL). The shops
// are demo shops: the embedded Partner API sandbox and payments sandbox keep their state in
// that KV, so the three instances share one upstream and one payments service, as a deployed
// demo's functions do. The sandbox's notifications (fixture notify_url) and the payment
// webhooks (STRIPE_SANDBOX_WEBHOOK_URL) go through the balancer too, so every buyer request,
// order-page poll, webhook and notification may land on any instance.
//
// Buyers of every flow (reservation, pay-first code, direct top-up, balance) check out, pay on
// the hosted page and poll their order pages; one Redis instance is killed with SIGKILL while
// a burst of payments is being fulfilled; buyers go on; then the cron sweep runs until quiet.
// The checkout's promises are then checked from outside, as the property test states them.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { APPROVE_ON_SECOND_SCREEN, checkout, look, pay, pollUntilFinal, type BuyerOrder, type OrderView, type PaymentPlan, type Purchase } from "../support/instances/buyer";
import { checkInvariants, FINAL_STATES, INVARIANTS, type Invariant } from "../support/instances/invariants";
import { startRoundRobinProxy, type RoundRobinProxy } from "../support/instances/round-robin-proxy";
import { startShopInstance, type ShopInstance } from "../support/instances/shop-instance";
import { leases, openOrDue, readFacts } from "../support/instances/store-facts";
import { writeSharedFixture } from "../support/instances/shared-fixture";
import { startTestRedis, type TestRedis } from "../support/redis-server";
import { startUpstashShim, type UpstashShim } from "../support/upstash-rest-shim";

const NOTIFY_SECRET = "many-instances-notify-secret";
const CRON_SECRET = "many-instances-cron-secret";
const PARTNER = { login: "demo", apiKey: "demo-key" }; // the bundled fixture's first partner
/** A reservation held 90 s: the payment page of an abandoned one closes after 72 s (a fifth is the margin). */
const RESERVATION_SECONDS = 90;
/** Long enough that a burst of payments is still being fulfilled when an instance dies. */
const SUPPLIER_SECONDS = 4;
/** After the kill, how long buyers keep polling before the sweep takes over. */
const POLL_AFTER_KILL_MS = 20_000;
/** The sweep's time to make everything final; the issue's goal for a walk's recovery is 60 s. */
const SWEEP_BUDGET_MS = 90_000;

/** Every variable that picks the mode, the store or payments, cleared so the runner's own cannot leak in. */
const CLEAN = {
  PARTNER_API_URL: "",
  PARTNER_LOGIN: "",
  PARTNER_API_KEY: "",
  PARTNER_TEST_MODE: "",
  VERCEL: "",
  AWS_LAMBDA_FUNCTION_NAME: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_API_URL: "",
  CHECKOUT_CODE_KEY: "",
  KV_REST_API_URL: "",
  KV_REST_API_TOKEN: "",
  UPSTASH_REDIS_REST_URL: "",
  UPSTASH_REDIS_REST_TOKEN: "",
  REDIS_URL: "",
};

const RESERVATION: Purchase[] = [
  { flow: "reservation", body: { voucher_id: 10101, game_id: 101 } },
  { flow: "reservation", body: { voucher_id: 20101, game_id: 201 } },
  { flow: "reservation", body: { voucher_id: 22101, game_id: 221 } },
];
const PAY_FIRST_CODE: Purchase[] = [
  { flow: "pay_first_code", body: { voucher_id: 48101, game_id: 481 } },
  { flow: "pay_first_code", body: { voucher_id: 45101, game_id: 451 } },
];
const DIRECT_TOPUP: Purchase[] = [
  { flow: "direct_topup", body: { voucher_id: 42601, game_id: 426, account: "12345678|1234" } },
  { flow: "direct_topup", body: { voucher_id: 43201, game_id: 432, account: "100200300" } },
];
const BALANCE: Purchase[] = [
  { flow: "balance", body: { game_id: 1, amount: "10", account: "vaultfan42" } },
  { flow: "balance", body: { game_id: 1, amount: "25", account: "nightowl.eu" } },
];
const GOOD: PaymentPlan = ["4242424242424242"];
const NEVER: PaymentPlan = [];

/** Which services the buyers use: their supplier takes SUPPLIER_SECONDS. */
const USED_SERVICES = new Set([1, 101, 201, 221, 426, 432, 451, 481]);

interface Buyer {
  label: string;
  purchase: Purchase;
  plan: PaymentPlan;
}

function buyers(wave: string, list: [Purchase | undefined, PaymentPlan][]): Buyer[] {
  return list.flatMap(([purchase, plan], i) => (purchase ? [{ label: `${wave}-${i + 1}-${purchase.flow}`, purchase, plan }] : []));
}

test.describe("many instances on one store @once", () => {
  test("buyers, webhooks and notifications across three instances, one killed, then the sweep: every promise holds", async () => {
    test.setTimeout(300_000);
    const testInfo = test.info();
    const started = Date.now();
    const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    const timeline: string[] = [];
    const note = (line: string) => {
      timeline.push(`${at()}  ${line}`);
      console.log(`[many-instances] ${at()}  ${line}`);
      // Written as it goes: a test that times out attaches no report, and this is then the clue.
      appendFileSync(testInfo.outputPath("timeline.txt"), `${at()}  ${line}\n`);
    };

    const found = await startTestRedis();
    if (!found.ok) {
      console.log(`[many-instances] SKIPPED: no Redis to share between instances: ${found.reason}`);
      test.skip(true, `no Redis to share between instances: ${found.reason}`);
      return;
    }
    const redis: TestRedis = found.redis;
    const dir = mkdtempSync(join(tmpdir(), "many-instances-"));
    const shops: ShopInstance[] = [];
    let shim: UpstashShim | undefined;
    let proxy: RoundRobinProxy | undefined;
    try {
      shim = await startUpstashShim(redis.url);
      const backends: string[] = [];
      proxy = await startRoundRobinProxy(() => backends);
      const shopUrl = proxy.url;

      const fixturePath = join(dir, "fixture.json");
      writeSharedFixture(fixturePath, {
        shopUrl,
        notifySecret: NOTIFY_SECRET,
        reservationSeconds: RESERVATION_SECONDS,
        supplierSeconds: SUPPLIER_SECONDS,
        services: USED_SERVICES,
      });
      const startBalance = 1000; // the fixture's demo partner, in USD

      const common = {
        ...CLEAN,
        SHOP_MODE: "demo",
        SHOP_URL: shopUrl,
        SANDBOX_FIXTURE: fixturePath,
        KV_PREFIX: redis.prefix,
        PARTNER_NOTIFY_SECRET: NOTIFY_SECRET,
        STRIPE_SANDBOX_WEBHOOK_URL: `${shopUrl}/api/webhooks/stripe`,
        CRON_SECRET,
        CHECKOUT_RATE_LIMIT: "100000/60s",
        PLAYER_CHECK_RATE_LIMIT: "100000/60s",
      };
      const shopEnv = (name: string, store: Record<string, string>) => ({
        ...common,
        ...store,
        KV_DATA_DIR: join(dir, name, "kv"),
        OUTBOX_DIR: join(dir, name, "outbox"),
      });
      mkdirSync(testInfo.outputDir, { recursive: true });
      const log = (name: string) => testInfo.outputPath(`${name}.log`);
      const [a, b, c] = await Promise.all([
        startShopInstance("A (redis)", shopEnv("a", { REDIS_URL: redis.url }), log("shop-a")),
        startShopInstance("B (redis)", shopEnv("b", { REDIS_URL: redis.url }), log("shop-b")),
        startShopInstance("C (upstash)", shopEnv("c", { KV_REST_API_URL: shim.url, KV_REST_API_TOKEN: shim.token }), log("shop-c")),
      ]);
      shops.push(a, b, c);
      backends.push(a.url, b.url, c.url);
      note(`three shops up: A ${a.url}, B ${b.url} (Redis), C ${c.url} (Upstash REST via shim ${shim.url}); balancer ${shopUrl}`);

      const orders: BuyerOrder[] = [];
      const failedCheckouts: string[] = [];
      const polls: Promise<unknown>[] = [];
      let pollUntil = Number.POSITIVE_INFINITY;
      const pollDeadline = () => pollUntil;
      async function buy(buyer: Buyer, payAfterMs: number): Promise<BuyerOrder | null> {
        const order = await checkout(shopUrl, buyer.label, buyer.purchase);
        if ("failed" in order) {
          failedCheckouts.push(`${order.label}: ${order.failed}`);
          return null;
        }
        orders.push(order);
        await delay(payAfterMs);
        return order;
      }
      const follow = (order: BuyerOrder) => void polls.push(pollUntilFinal(order, pollDeadline));

      // Wave 1: every flow, paying a little later; two reservations abandoned on the payment
      // page (released when the page closes), a decline before a good card, a card that asks
      // for approval on a second screen.
      const wave1 = buyers("w1", [
        [RESERVATION[0], NEVER],
        [RESERVATION[1], NEVER],
        [RESERVATION[2], GOOD],
        [PAY_FIRST_CODE[0], GOOD],
        [PAY_FIRST_CODE[1], ["4000000000000002", "4242424242424242"]],
        [DIRECT_TOPUP[0], GOOD],
        [BALANCE[0], GOOD],
        [RESERVATION[0], [APPROVE_ON_SECOND_SCREEN]],
      ]);
      await Promise.all(
        wave1.map(async (buyer, i) => {
          const order = await buy(buyer, 200 * i);
          if (!order) return;
          follow(order);
          await pay(order, buyer.plan);
        }),
      );
      note(`wave 1: ${wave1.length} buyers checked out and paid (or left)`);

      // Wave 2: a burst; all pay at once and instance A dies while their payments are being
      // fulfilled (supplier latency ${SUPPLIER_SECONDS} s), with leases and webhooks in its hands.
      const wave2 = buyers("w2", [
        [RESERVATION[0], GOOD],
        [RESERVATION[1], GOOD],
        [PAY_FIRST_CODE[0], GOOD],
        [PAY_FIRST_CODE[1], GOOD],
        [DIRECT_TOPUP[0], GOOD],
        [DIRECT_TOPUP[1], GOOD],
        [BALANCE[0], GOOD],
        [BALANCE[1], GOOD],
      ]);
      const wave2Orders = (await Promise.all(wave2.map((buyer) => buy(buyer, 0)))).flatMap((order) => (order ? [order] : []));
      for (const order of wave2Orders) follow(order);
      // The burst's payment webhooks reach A first (a balancer's affinity, or the luck of the
      // draw), so that A is fulfilling several orders, leases held, when it dies.
      proxy.pin("/api/webhooks/stripe", a.url);
      let paying = wave2Orders.length;
      const burst = wave2Orders.map((order) => pay(order, GOOD).finally(() => (paying -= 1)));
      const fulfilling = () => proxy?.inFlight(a.url).filter((path) => path === "/api/webhooks/stripe").length ?? 0;
      const killBy = Date.now() + 5_000;
      while (Date.now() < killBy && fulfilling() < 3) await delay(25);
      await delay(1_000); // into the supplier's wait
      const inHand = proxy.inFlight(a.url);
      const leasesBefore = await leases(redis.url, redis.prefix);
      await a.kill();
      const killedAt = Date.now();
      proxy.pin("/api/webhooks/stripe", null);
      note(`SIGKILL to A, which had in hand: ${JSON.stringify(countBy(inHand))}; ${paying} of the burst's payments unanswered; order leases held: ${describeLeases(leasesBefore)}`);
      await Promise.all(burst);
      note(`wave 2: the burst's payments answered (${proxy.broken()} requests broke in a dying instance's hands)`);
      await delay(3_000);
      const orphaned = await leases(redis.url, redis.prefix);
      note(`3 s after the kill, leases still held (A's, orphaned): ${describeLeases(orphaned)}`);

      // Wave 3: the shop goes on with two instances.
      const wave3 = buyers("w3", [
        [RESERVATION[2], GOOD],
        [PAY_FIRST_CODE[0], GOOD],
        [DIRECT_TOPUP[1], GOOD],
        [BALANCE[1], GOOD],
      ]);
      await Promise.all(
        wave3.map(async (buyer, i) => {
          const order = await buy(buyer, 100 * i);
          if (!order) return;
          follow(order);
          await pay(order, buyer.plan);
        }),
      );
      note(`wave 3: ${wave3.length} more buyers on the two survivors`);
      pollUntil = Date.now() + POLL_AFTER_KILL_MS;
      await Promise.all(polls);
      note(`buyers stopped polling; checkouts that failed: ${failedCheckouts.length === 0 ? "none" : failedCheckouts.join("; ")}`);

      // The sweep, through the balancer, until every order is final and none is due.
      const sweepDeadline = Date.now() + SWEEP_BUDGET_MS;
      let sweeps = 0;
      let quiet = false;
      let sweptLast = "";
      while (Date.now() < sweepDeadline) {
        const response = await fetch(`${shopUrl}/api/cron/sweep`, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
        sweptLast = `${response.status} ${await response.text()}`;
        sweeps += 1;
        if (response.ok && (await openOrDue(redis.url, redis.prefix)) === 0) {
          quiet = true;
          break;
        }
        await delay(2_000);
      }
      note(`sweep: ${sweeps} run(s), ${quiet ? "quiet" : `NOT quiet after ${SWEEP_BUDGET_MS / 1000} s`}; last answer ${sweptLast.slice(0, 200)}`);

      // What the order pages show, then the facts from the stores and the Partner API.
      const pages = new Map<string, OrderView | null>();
      for (const order of orders) pages.set(order.orderId, await look(order));
      const facts = await readFacts(redis.url, redis.prefix, b.url, PARTNER);
      const broken = checkInvariants(facts, pages, startBalance);
      const byState = countBy(facts.orders.map((o) => o.state));
      note(`orders: ${facts.orders.length} in the shop (${JSON.stringify(byState)}), ${orders.length} known to buyers; ${facts.upstream.length} upstream`);
      for (const [backend, counts] of Object.entries(proxy.served())) note(`answered by ${shops.find((s) => s.url === backend)?.name ?? backend}: ${JSON.stringify(counts)}`);
      // The issue's goal: after a crash every order is moving again within 30 s.
      for (const { orderId } of orphaned) {
        const moved = facts.orders.find((o) => o.id === orderId)?.events.find((e) => e.at > killedAt);
        note(`orphaned ${orderId}: ${moved ? `moved again ${((moved.at - killedAt) / 1000).toFixed(1)} s after the kill ("${moved.what}")` : "never moved again"}`);
      }
      for (const order of facts.orders.filter((o) => !FINAL_STATES.has(o.state))) {
        note(`not final: ${order.id} ${order.state}; its log: ${order.events.map((e) => `${new Date(e.at).toISOString().slice(11, 19)} ${e.what}`).join(" | ")}`);
      }
      note(`shim requests (instance C's KV traffic): ${shim.requests()}`);
      // Each instance names its mode and store in its log: the test must be what it claims.
      for (const [shop, driver] of [[a, "redis"], [b, "redis"], [c, "upstash"]] as const) {
        const output = readFileSync(shop.logFile, "utf8");
        expect(output, `${shop.name}'s log`).toContain("[config] demo shop");
        expect(output, `${shop.name}'s log`).toContain(`[kv] driver: ${driver}`);
      }
      for (const name of Object.keys(INVARIANTS) as Invariant[]) {
        note(`${broken[name].length === 0 ? "PASS" : "FAIL"}  ${INVARIANTS[name]}${broken[name].length === 0 ? "" : `: ${broken[name].length}`}`);
      }
      const report = JSON.stringify({ timeline, broken, buyers: orders.map((o) => ({ label: o.label, orderId: o.orderId, log: o.log })), facts: { ...facts, payments: undefined } }, null, 2);
      writeFileSync(testInfo.outputPath("report.json"), report);
      await testInfo.attach("many-instances-report.json", { body: report, contentType: "application/json" });

      expect(failedCheckouts.filter((line) => !line.includes("502")), "checkouts refused for another reason than a dying instance").toEqual([]);
      expect(facts.orders.length, "every order a buyer was given is in the shop's store").toBeGreaterThanOrEqual(orders.length);
      for (const name of Object.keys(INVARIANTS) as Invariant[]) expect.soft(broken[name], INVARIANTS[name]).toEqual([]);
    } finally {
      await Promise.all(shops.map((shop) => shop.stop()));
      await proxy?.close();
      await shim?.close();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function describeLeases(list: { orderId: string; ttlMs: number }[]): string {
  return list.length === 0 ? "none" : list.map((l) => `${l.orderId} (${Math.round(l.ttlMs / 1000)} s left)`).join(", ");
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
