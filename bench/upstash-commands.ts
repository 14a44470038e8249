// npx tsx bench/upstash-commands.ts – what the shop bills on Upstash: Redis commands per
// checkout and per look at an open order, counted at the Upstash REST stand-in
// (tests/support/upstash-rest-shim.ts, each command of a pipeline counted, as Upstash bills)
// with the shop's real Upstash driver in front of it. The route handlers run in process, as in
// bench/checkout-kv-rounds.ts, against the zero-latency Partner and payments sandboxes: a
// checkout is the POST, what the route runs after answering (the order email) and the buyer's
// return from the payment page to the code; a look is GET /api/orders/{id} asked to wait
// (Prefer: wait=25, as the order page once did) on an order awaiting its payment.
// Prints lines starting "UPSTASH " for bench/hosting.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestRedis } from "../tests/support/redis-server";
import { startUpstashShim } from "../tests/support/upstash-rest-shim";
import { freePort } from "../tests/support/free-port";
import { liftCardOrderLimit } from "./lib/one-test-card";
import { startCheckoutServices } from "./lib/checkout-services";

const WARM_UP = 5;
const MEASURED = 30;

const POLL_GOAL = 5;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-upstash-"));
  const started = await startTestRedis();
  if (!started.ok) throw new Error(started.reason);
  const { redis } = started;
  const shim = await startUpstashShim(redis.url);
  const PORTS = { shop: await freePort(), upstream: await freePort(), payments: await freePort() };
  const services = await startCheckoutServices(PORTS, dir);
  try {
    Object.assign(process.env, services.shopEnv(join(dir, "kv")), { KV_REST_API_URL: shim.url, KV_REST_API_TOKEN: shim.token, KV_PREFIX: redis.prefix });
    const { orderDeps, shopCheckoutHandler } = await import("@/lib/shop/checkout");
    const { getKv } = await import("@/lib/kv/get-kv");
    await liftCardOrderLimit(await getKv());
    const { buyerOrder } = await import("@/lib/checkout/buyer-order");
    const { getOrder } = await import("@/lib/checkout/http/get-order");
    const afterAnswer: (() => Promise<unknown>)[] = [];
    const post = shopCheckoutHandler((task) => void afterAnswer.push(task));
    const shopUrl = `http://127.0.0.1:${PORTS.shop}`;

    async function purchase(n: number): Promise<{ checkout: number; look: number }> {
      let before = shim.commands();
      const response = await post(
        new Request(`${shopUrl}/api/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: shopUrl },
          body: JSON.stringify({ voucher_id: 10101, game_id: 101, email: `upstash-${n}@example.com` }),
        }),
      );
      if (response.status !== 201) throw new Error(`checkout ${n} answered ${response.status}: ${await response.text()}`);
      await Promise.all(afterAnswer.splice(0).map((task) => task()));
      let checkout = shim.commands() - before;
      const created = (await response.json()) as { order_id: string; payment_url: string; order_url: string };
      const key = new URL(created.order_url).searchParams.get("key") ?? "";

      before = shim.commands();
      const looked = await getOrder(new Request(`${shopUrl}/api/orders/${created.order_id}`, { headers: { authorization: `Bearer ${key}`, prefer: "wait=25" } }), created.order_id, { orders: orderDeps });
      await looked.arrayBuffer();
      const look = shim.commands() - before;

      const paid = await fetch(created.payment_url, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" });
      await paid.arrayBuffer();
      if (paid.status !== 303) throw new Error(`the payment page answered ${paid.status}`);
      before = shim.commands();
      const shown = await buyerOrder(created.order_id, key, await orderDeps(), { paymentReturn: true });
      if (!shown.ok || shown.value.status !== "completed") throw new Error(`the return of ${created.order_id} showed ${JSON.stringify(shown)}`);
      checkout += shim.commands() - before;
      return { checkout, look };
    }

    const measured: { checkout: number; look: number }[] = [];
    for (let n = 0; n < WARM_UP + MEASURED; n += 1) {
      const bought = await purchase(n);
      if (n >= WARM_UP) measured.push(bought);
    }
    const mean = (pick: (m: { checkout: number; look: number }) => number) => measured.reduce((sum, m) => sum + pick(m), 0) / measured.length;
    const worstLook = Math.max(...measured.map((m) => m.look));
    console.log(`UPSTASH commands per checkout          ${mean((m) => m.checkout).toFixed(1)}   (no goal; POST, its email and the return to the code, ${MEASURED} checkouts)`);
    console.log(
      `UPSTASH commands per look at an order  ${mean((m) => m.look).toFixed(1)} mean, ${worstLook} at most   (goal ≤ ${POLL_GOAL}: ${worstLook <= POLL_GOAL ? "met" : "NOT MET"}; ` +
        `floor 1, one GET of the order's record; answered at once, held 0 s)`,
    );
  } finally {
    await services.close();
    await shim.close();
    await redis.stop();
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
