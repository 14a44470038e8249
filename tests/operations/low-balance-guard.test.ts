// The low-balance guard at POST /api/checkout counts right and atomically (the Partner sandbox in
// process, the real stripe package against the payments sandbox): a pay-first order's cost is
// counted from its creation, as a reservation's is, and two checkouts at once cannot both pass
// a threshold that covers one.
import { describe, expect, it } from "vitest";
import { advance } from "@/lib/checkout/advance";
import { loadProductDetail } from "@/lib/catalog/load-catalog";
import { countingBalance } from "@/lib/shop/balance-counting";
import { postCheckout, type PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { ORDER_KEYS, type OrderStoreError } from "@/lib/checkout/store/order-store";
import { KvError } from "@/lib/kv/kv-error";
import { OPS_KEYS } from "@/lib/operations/keys";
import { err } from "@/lib/result";
import type { AlertsPort } from "@/lib/operations/alerts-port";
import { writeThreshold } from "@/lib/operations/owner-settings";
import { readBalanceFigures } from "@/lib/operations/partner-balance";
import type { OperationsDeps } from "@/lib/operations/partner-balance";
import { readSaleCheck } from "@/lib/operations/sale-check";
import { harnessPerTest, RESERVED_VOUCHER, TOPUP_ITEM, TOPUP_VOUCHER } from "@/tests/support/checkout/checkout-harness";
import { checkoutApiPerTest } from "@/tests/support/checkout/checkout-api-world";
import type { SampleFixture } from "@/tests/support/sandbox/sample-fixture";

const setup = checkoutApiPerTest();
const newHarness = harnessPerTest();

const checkout = (body: unknown) =>
  new Request("https://shop.test/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://shop.test" },
    body: JSON.stringify(body),
  });
const TOPUP = { voucher_id: TOPUP_VOUCHER, game_id: 20, account: "111|22", email: "gamer@example.com" };
const RESERVED = { voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" };
const usd = (minor: number) => ({ minor, currency: "USD" });

async function world(partnerBalance?: number) {
  const mutate = (fixture: SampleFixture) => {
    const partner = fixture.partners[0];
    if (partner && partnerBalance !== undefined) partner.balance = partnerBalance;
  };
  const w = await setup(mutate);
  const alerts: AlertsPort = { raise: async () => undefined, clear: async () => undefined };
  const ops: OperationsDeps = { kv: w.h.kv, clock: w.h.timers, client: w.h.client, upstream: "http-test", ttlMs: 60_000, alerts };
  const inner = w.deps.start;
  const deps: PostCheckoutDeps = {
    ...w.deps,
    start: async () => ({
      ...(await inner()),
      orders: countingBalance(w.h.deps, ops),
      readSaleCheck: () => w.h.run(readSaleCheck(ops)),
    }),
  };
  return { ...w, ops, deps };
}

describe("low-balance guard", () => {
  it("counts a pay-first order's cost from its creation: balance 5.00, threshold 1.00, the third top-up at 1.98 is refused", async () => {
    const { h, ops, deps } = await world(5);
    await writeThreshold(ops.kv, usd(100), "owner@shop.test", h.timers.now());
    const answers: Response[] = [];
    for (let i = 0; i < 3; i += 1) answers.push(await h.run(postCheckout(checkout(TOPUP), deps)));
    // 5.00 − 1.00 kept back covers two at 1.98, not three: upstream would refuse the third's
    // /api/pay (402) after the buyer paid.
    expect(answers.map((a) => a.status)).toEqual([201, 201, 409]);
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(2);
    // The two taken are paid and complete.
    const orders = countingBalance(h.deps, ops);
    for (const answer of answers.slice(0, 2)) {
      const { order_id, payment_url } = (await answer.json()) as { order_id: string; payment_url: string };
      await h.payWithCard(payment_url, "4242424242424242");
      const done = await h.run(advance(order_id, orders, { kind: "wake", reason: { kind: "any" } }));
      expect(done.ok && done.value.state).toBe("completed");
    }
    expect(await h.balance()).toBeCloseTo(5 - 2 * 1.98, 2);
  });

  it("lets one of two concurrent reservation checkouts through a threshold that covers one", async () => {
    const { h, ops, deps, catalog } = await world();
    // 100.00 − 85.00 kept back = 15.00: one voucher at 9.50, not two.
    await writeThreshold(ops.kv, usd(8_500), "owner@shop.test", h.timers.now());
    // The balance and the product read once already, as on any shop past its first checkout.
    // With no copy of the product, one checkout would wait for the other's first load on the
    // manual clock, which h.run moves on real time: on a loaded machine it gave up (503).
    expect((await h.run(readBalanceFigures(ops))).ok).toBe(true);
    expect((await h.run(loadProductDetail(catalog, 10))).ok).toBe(true);
    const answers = await h.run(Promise.all([postCheckout(checkout(RESERVED), deps), postCheckout(checkout(RESERVED), deps)]));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(1);
  });

  it("keeps counting a reservation's cost after the balance is read again, until upstream confirms it", async () => {
    const { h, ops, deps } = await world();
    await writeThreshold(ops.kv, usd(8_500), "owner@shop.test", h.timers.now());
    expect((await h.run(postCheckout(checkout(RESERVED), deps))).status).toBe(201);
    // A reservation in 6 has taken nothing upstream: a read of the balance now still says 100.00.
    await h.timers.advance(5 * 60_000);
    expect((await h.run(postCheckout(checkout(RESERVED), deps))).status).toBe(409);
  });

  it("lets an order's hold go when it fails without upstream taking anything, and when it cannot be stored", async () => {
    const { h, ops, deps } = await world();
    const held = async () => Number((await h.kv.get(OPS_KEYS.held("http-test", "USD"))) ?? 0);
    const created = await h.run(postCheckout(checkout(TOPUP), deps));
    const { order_id } = (await created.json()) as { order_id: string };
    expect(await held()).toBe(198);
    // The buyer never pays: the page expires, the order is released and fails.
    await h.timers.advance(2 * 3600_000);
    const orders = countingBalance(h.deps, ops);
    const failed = await h.run(advance(order_id, orders, { kind: "wake", reason: { kind: "any" } }));
    expect(failed.ok && failed.value).toMatchObject({ state: "failed", reason: "payment_expired" });
    expect(await held()).toBe(0);

    // The store refuses the new order after the guard held its cost: the hold goes with it.
    const unstorable: PostCheckoutDeps = {
      ...deps,
      start: async () => {
        const started = await deps.start();
        return { ...started, orders: { ...started.orders, store: { ...started.orders.store, create: async () => err<OrderStoreError>({ code: "kv_error", error: new KvError("unavailable", "KV down") }) } } };
      },
    };
    expect((await h.run(postCheckout(checkout(TOPUP), unstorable))).status).toBe(503);
    expect(await held()).toBe(0);
  });

  it("cancels a pay-first order at once when upstream refuses its /api/pay for balance (402): the buyer is told, the money not held", async () => {
    const h = await newHarness((fixture) => {
      const partner = fixture.partners[0];
      if (partner) partner.balance = 1;
    });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22", quote: { price: { minor: 220, currency: "USD" }, cost: { minor: 198, currency: "USD" } } });
    expect((await h.step(id)).state).toBe("awaiting_payment");
    h.payments.authorize(id);
    const refused = await h.step(id, true);
    expect(refused).toMatchObject({ state: "failed", reason: "unavailable" });
    expect(h.payments.byOrder(id).intent).toMatchObject({ status: "canceled", amountCaptured: 0 });
    expect(h.upstreamCalls.filter((p) => p === "/api/pay")).toHaveLength(1);
    expect(h.alerts.join()).toMatch(/partner balance too low/);
  });
});
