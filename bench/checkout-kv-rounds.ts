// npx tsx bench/checkout-kv-rounds.ts – the KV round trips a buyer waits for in POST
// /api/checkout: the route's own handler (shopCheckoutHandler) called in process, against the
// zero-latency Partner and payments sandboxes of npm run bench, its KV counted in rounds
// (tests/support/kv/kv-rounds.ts). On the embedded store a round costs a fraction of a
// millisecond; on Upstash or Redis each is a network round trip, a few milliseconds in the same
// region, so this count is what the checkout's speed on a serverless host comes down to.
// The order email runs after the answer (after() in the route) and is not counted.
// Then the buyer pays on the payments sandbox's page and comes back: the order page's render
// (buyerOrder with the payment return) wakes the order and carries it to the code on screen
// (payment read, upstream confirmation, capture), its rounds counted the same way. Its payment
// webhook finds no shop listening in this process, so the return does the work alone, as it
// does when it comes first.
// BENCH_KV_LIST=1 also lists the rounds of one POST and one return, each with the operations
// sent together. Then how long a POST waits on its store: the time it has a KV operation
// outstanding, and the part of it with a write among them (on the embedded store, where reads
// are synchronous, that is its flushed LMDB commits; docs/architecture-decisions.md item 282).
// Last, the same purchases with every KV reply held back BENCH_KV_LATENCY_MS (2) as a store
// across a network holds it: what the rounds cost a buyer on Upstash or Redis.
// BENCH_KV_REDIS=1 runs the shop on Redis (found or started as the tests do, under a key prefix
// of its own) instead of its embedded store, for the same figures there.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { Kv } from "@/lib/kv/kv";
import { countKvRounds, KV_OPERATIONS, type KvRound } from "../tests/support/kv/kv-rounds";
import { startTestRedis } from "../tests/support/redis-server";
import { startCheckoutServices } from "./lib/checkout-services";
import { liftCardOrderLimit } from "./lib/one-test-card";

const WARM_UP = 20;
const MEASURED = 50;
const WITH_LATENCY = 20;
const LATENCY_MS = Number(process.env.BENCH_KV_LATENCY_MS ?? 2);
const PORTS = { shop: 3612, upstream: 3613, payments: 3614 };

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-kv-rounds-"));
  const found = process.env.BENCH_KV_REDIS === "1" ? await startTestRedis() : null;
  if (found && !found.ok) throw new Error(found.reason);
  const redis = found?.redis ?? null;
  const services = await startCheckoutServices(PORTS, dir);
  try {
    // The shop's settings, read at first use as `next start` reads them.
    Object.assign(process.env, services.shopEnv(join(dir, "kv")), redis ? { REDIS_URL: redis.url, KV_PREFIX: redis.prefix } : {});
    const { getKv } = await import("@/lib/kv/get-kv");
    const { orderDeps, shopCheckoutHandler } = await import("@/lib/shop/checkout");
    const { buyerOrder } = await import("@/lib/checkout/buyer-order");
    const kv = await getKv();
    await liftCardOrderLimit(kv);
    const counter = countKvRounds(kv);
    const waits = timeKvWaits(kv);
    const latency = delayReplies(kv);
    const afterAnswer: (() => Promise<unknown>)[] = [];
    const post = shopCheckoutHandler((task) => void afterAnswer.push(task));
    const shopUrl = `http://127.0.0.1:${PORTS.shop}`;

    /** One buyer's purchase: the POST, the payment page, the return; rounds and times of both. */
    async function purchase(n: number) {
      counter.reset();
      waits.reset();
      let started = performance.now();
      const response = await post(
        new Request(`${shopUrl}/api/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: shopUrl },
          body: JSON.stringify({ voucher_id: 10101, game_id: 101, email: `kv-rounds-${n}@example.com` }),
        }),
      );
      const postMs = performance.now() - started;
      if (response.status !== 201) throw new Error(`checkout ${n} answered ${response.status}: ${await response.text()}`);
      const postRounds = [...counter.rounds()];
      const postWaits = waits.outstanding();
      // What the route runs after answering, before the next buyer's POST.
      await Promise.all(afterAnswer.splice(0).map((task) => task()));

      const created = (await response.json()) as { order_id: string; payment_url: string; order_url: string };
      const paid = await fetch(created.payment_url, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" });
      await paid.arrayBuffer();
      if (paid.status !== 303) throw new Error(`the payment page answered ${paid.status}`);
      counter.reset();
      started = performance.now();
      const shown = await buyerOrder(created.order_id, new URL(created.order_url).searchParams.get("key"), await orderDeps(), { paymentReturn: true });
      const returnMs = performance.now() - started;
      if (!shown.ok || shown.value.status !== "completed") throw new Error(`the return of ${created.order_id} showed ${JSON.stringify(shown)}`);
      return { postRounds, returnRounds: [...counter.rounds()], postMs, returnMs, postWaits };
    }

    const perPost: KvRound[][] = [];
    const perReturn: KvRound[][] = [];
    const postWait = { postMs: 0, anyMs: 0, writeMs: 0 };
    for (let n = 0; n < WARM_UP + MEASURED; n += 1) {
      const bought = await purchase(n);
      if (n < WARM_UP) continue;
      perPost.push(bought.postRounds);
      perReturn.push(bought.returnRounds);
      postWait.postMs += bought.postMs / MEASURED;
      postWait.anyMs += bought.postWaits.anyMs / MEASURED;
      postWait.writeMs += bought.postWaits.writeMs / MEASURED;
    }
    for (const [what, samples] of [["per POST /api/checkout", perPost], ["from the return to the code", perReturn]] as const) {
      const mean = (count: (rounds: KvRound[]) => number) => samples.reduce((sum, rounds) => sum + count(rounds), 0) / samples.length;
      const rounds = mean((r) => r.length);
      const writes = mean((r) => r.filter((round) => round.writes).length);
      console.log(
        `KV round trips ${what.padEnd(28)} ${rounds.toFixed(1)} (${writes.toFixed(1)} with a write, ${(rounds - writes).toFixed(1)} reads only; ` +
          `${MEASURED} checkouts; no goal: each is a network round trip on Upstash or Redis)`,
      );
      if (process.env.BENCH_KV_LIST === "1") samples[0]?.forEach((round, i) => console.log(`  ${String(i + 1).padStart(2)}  ${round.ops.join(" + ")}`));
    }

    console.log(
      `KV waits per POST /api/checkout      ${postWait.anyMs.toFixed(2)} ms of its ${postWait.postMs.toFixed(2)} ms with a KV operation outstanding, ` +
        `${postWait.writeMs.toFixed(2)} ms of them with a write (${redis ? "Redis" : "the embedded store"}; ${MEASURED} checkouts in process)`,
    );

    // The same purchases with every KV reply LATENCY_MS away, as a store over the network is.
    latency.ms = LATENCY_MS;
    let postMs = 0;
    let returnMs = 0;
    for (let n = 0; n < WITH_LATENCY; n += 1) {
      const bought = await purchase(WARM_UP + MEASURED + n);
      postMs += bought.postMs / WITH_LATENCY;
      returnMs += bought.returnMs / WITH_LATENCY;
    }
    console.log(
      `KV ${LATENCY_MS} ms away (BENCH_KV_LATENCY_MS)    POST /api/checkout ${postMs.toFixed(1)} ms, the return to the code ${returnMs.toFixed(1)} ms ` +
        `(${WITH_LATENCY} purchases in process, zero-latency sandboxes; no goal: Upstash or Redis in the shop's region)`,
    );
  } finally {
    await services.close();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const READS: ReadonlySet<string> = new Set(["get", "zRangeByScore", "zRevRangeByRank", "zCard"]);

/**
 * How long `kv`'s callers had an operation outstanding since the last reset: the union of every
 * operation's time from its call to its answer, and the union of the writes' alone. Operations
 * sent together overlap, so this is the wait a buyer sees, not the sum of the operations.
 */
function timeKvWaits(kv: Kv): { reset(): void; outstanding(): { anyMs: number; writeMs: number } } {
  let spans: { from: number; to: number; write: boolean }[] = [];
  const methods = kv as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of KV_OPERATIONS) {
    const inner = methods[name]!.bind(kv);
    methods[name] = async (...args: unknown[]) => {
      const from = performance.now();
      try {
        return await inner(...args);
      } finally {
        spans.push({ from, to: performance.now(), write: !READS.has(name) });
      }
    };
  }
  const union = (list: typeof spans) => {
    let total = 0;
    let end = -Infinity;
    for (const { from, to } of [...list].sort((a, b) => a.from - b.from)) {
      if (to <= end) continue;
      total += to - Math.max(from, end);
      end = to;
    }
    return total;
  };
  return {
    reset: () => {
      spans = [];
    },
    outstanding: () => ({ anyMs: union(spans), writeMs: union(spans.filter((span) => span.write)) }),
  };
}

/** Holds every reply of `kv` back `ms` (0 at first), as a store across a network would. */
function delayReplies(kv: Kv): { ms: number } {
  const latency = { ms: 0 };
  const methods = kv as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of KV_OPERATIONS) {
    const inner = methods[name]!.bind(kv);
    methods[name] = async (...args: unknown[]) => {
      const reply = await inner(...args);
      if (latency.ms > 0) await delay(latency.ms);
      return reply;
    };
  }
  return latency;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
