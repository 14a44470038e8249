// npx tsx bench/checkout-kv-rounds.ts – the KV round trips a buyer waits for in POST
// /api/checkout: the route's own handler (shopCheckoutHandler) called in process, against the
// zero-latency Partner and payments sandboxes of npm run bench, its KV counted in rounds
// (tests/support/kv/kv-rounds.ts). On the embedded store a round costs a fraction of a
// millisecond; on Upstash or Redis each is a network round trip, a few milliseconds in the same
// region, so this count is what the checkout's speed on a serverless host comes down to.
// The order email runs after the answer (after() in the route) and is not counted.
// BENCH_KV_LIST=1 also lists one POST's rounds, each with the operations sent together.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countKvRounds, type KvRound } from "../tests/support/kv/kv-rounds";
import { startCheckoutServices } from "./lib/checkout-services";

const WARM_UP = 20;
const MEASURED = 50;
const PORTS = { shop: 3612, upstream: 3613, payments: 3614 };

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-kv-rounds-"));
  const services = await startCheckoutServices(PORTS, dir);
  try {
    // The shop's settings, read at first use as `next start` reads them.
    Object.assign(process.env, services.shopEnv(join(dir, "kv")));
    const { getKv } = await import("@/lib/kv/get-kv");
    const { shopCheckoutHandler } = await import("@/lib/checkout/shop-checkout");
    const counter = countKvRounds(await getKv());
    const afterAnswer: (() => Promise<unknown>)[] = [];
    const post = shopCheckoutHandler((task) => void afterAnswer.push(task));
    const shopUrl = `http://127.0.0.1:${PORTS.shop}`;

    const perPost: KvRound[][] = [];
    for (let n = 0; n < WARM_UP + MEASURED; n += 1) {
      counter.reset();
      const response = await post(
        new Request(`${shopUrl}/api/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: shopUrl },
          body: JSON.stringify({ voucher_id: 10101, game_id: 101, email: `kv-rounds-${n}@example.com` }),
        }),
      );
      if (response.status !== 201) throw new Error(`checkout ${n} answered ${response.status}: ${await response.text()}`);
      if (n >= WARM_UP) perPost.push([...counter.rounds()]);
      // What the route runs after answering, before the next buyer's POST.
      await Promise.all(afterAnswer.splice(0).map((task) => task()));
    }

    const mean = (count: (rounds: KvRound[]) => number) => perPost.reduce((sum, rounds) => sum + count(rounds), 0) / perPost.length;
    const rounds = mean((r) => r.length);
    const writes = mean((r) => r.filter((round) => round.writes).length);
    console.log(
      `KV round trips per POST /api/checkout  ${rounds.toFixed(1)} (${writes.toFixed(1)} with a write, ${(rounds - writes).toFixed(1)} reads only; ` +
        `${MEASURED} checkouts; no goal: each is a network round trip on Upstash or Redis)`,
    );
    if (process.env.BENCH_KV_LIST === "1") perPost[0]?.forEach((round, i) => console.log(`  ${String(i + 1).padStart(2)}  ${round.ops.join(" + ")}`));
  } finally {
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
