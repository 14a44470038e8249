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
// sent together.
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
    const { orderDeps, shopCheckoutHandler } = await import("@/lib/checkout/shop-checkout");
    const { buyerOrder } = await import("@/lib/checkout/buyer-order");
    const counter = countKvRounds(await getKv());
    const afterAnswer: (() => Promise<unknown>)[] = [];
    const post = shopCheckoutHandler((task) => void afterAnswer.push(task));
    const shopUrl = `http://127.0.0.1:${PORTS.shop}`;

    const perPost: KvRound[][] = [];
    const perReturn: KvRound[][] = [];
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

      const created = (await response.json()) as { order_id: string; payment_url: string; order_url: string };
      const paid = await fetch(created.payment_url, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" });
      await paid.arrayBuffer();
      if (paid.status !== 303) throw new Error(`the payment page answered ${paid.status}`);
      counter.reset();
      const shown = await buyerOrder(created.order_id, new URL(created.order_url).searchParams.get("key"), await orderDeps(), { paymentReturn: true });
      if (!shown.ok || shown.value.status !== "completed") throw new Error(`the return of ${created.order_id} showed ${JSON.stringify(shown)}`);
      if (n >= WARM_UP) perReturn.push([...counter.rounds()]);
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
