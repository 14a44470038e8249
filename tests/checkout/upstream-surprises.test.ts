// Issue 25, item 1's safety net: whatever upstream does with one of our order ids that the order
// does not expect is kept on the order and told to the owner. The story: a pay-first order's
// run sends /api/pay; meanwhile another run releases the order (cancelled, failed); upstream
// delivers, and the first run's save conflicts. Today nobody hears of it.
import { describe, expect, it } from "vitest";
import { checkoutNotificationDeps } from "@/lib/checkout/http/post-partner-notification";
import { handlePartnerNotification } from "@/lib/checkout/partner-notification";
import type { CheckoutUpstream } from "@/lib/checkout/checkout-deps";
import { RESERVED_ITEM, TOPUP_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();

async function stored(h: CheckoutHarness, id: string) {
  const read = await h.deps.store.read(id);
  if (!read.ok) throw new Error(`read failed: ${read.error.code}`);
  return read.value;
}

/** Another run releases the order while /api/pay is on its way: releasing, then failed. */
async function releasedMeanwhile(h: CheckoutHarness, id: string) {
  const releasing = await h.deps.store.save(await stored(h, id), { to: "releasing", note: { kind: "orderRefused", values: { code: "103" } }, patch: { reason: "unavailable" } });
  if (!releasing.ok) throw new Error(releasing.error.code);
  const failed = await h.deps.store.save(releasing.value, { to: "failed", note: { kind: "paymentCancelled" } });
  if (!failed.ok) throw new Error(failed.error.code);
}

/** A pay-first order with the buyer's money held, ready for /api/pay. */
async function authorizedOrder(h: CheckoutHarness) {
  const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
  await h.step(id);
  h.payments.authorize(id);
  return id;
}

describe("upstream surprises", () => {
  it("a delivery answered to a run whose save lost to a release is kept on the failed order, and the owner told", async () => {
    const h = await newHarness();
    const id = await authorizedOrder(h);
    const upstream: CheckoutUpstream = h.deps.upstream;
    h.deps.upstream = {
      ...upstream,
      pay: async (request) => {
        const answer = await upstream.pay(request);
        await releasedMeanwhile(h, id);
        return answer;
      },
    };
    await h.step(id, true);
    const order = (await stored(h, id)).record;
    expect(order.state).toBe("failed");
    expect(order.surprises).toHaveLength(1);
    expect(order.surprises?.[0]).toMatchObject({ source: "pay_answer", status: 2, upstreamOrderId: expect.stringMatching(/^\d+$/) });
    expect(order.surprises?.[0]?.what).toMatch(/delivered it \(status 2\) while we hold it as failed/);
    expect(h.alerts.filter((alert) => alert.startsWith(id))).toHaveLength(1);
  });

  it("a notification of that delivery is answered 2xx and kept once, however often upstream sends it", async () => {
    const h = await newHarness();
    const id = await authorizedOrder(h);
    await releasedMeanwhile(h, id);
    const notification = JSON.stringify({ success: true, order_id: "4711", order_status: 2, ext_order_id: id });
    const deps = checkoutNotificationDeps(h.deps, "s3cret");
    for (let i = 0; i < 3; i += 1) {
      const answer = await h.run(handlePartnerNotification("s3cret", notification, deps));
      expect(answer.status).toBe(200);
    }
    const order = (await stored(h, id)).record;
    expect(order.state).toBe("failed");
    expect(order.surprises).toEqual([
      {
        at: expect.any(Number),
        source: "notification",
        upstreamOrderId: "4711",
        status: 2,
        what: "upstream delivered it (status 2) while we hold it as failed",
        words: { kind: "deliveredWhileHeld", values: { status: 2, state: "failed" } },
      },
    ]);
    expect(h.alerts.filter((alert) => alert.startsWith(id))).toHaveLength(1);
  });

  it("an unpaid reservation that upstream delivered anyway, found by re-reading it, is kept on the order", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await h.step(id);
    expect(waiting.state).toBe("awaiting_payment");
    // Someone confirms the reservation upstream outside this order's runs; the buyer never pays.
    const confirmed = await h.run(h.client.orderUpdate({ order_id: waiting.upstream.orderId ?? "", status: 2 }));
    expect(confirmed.ok).toBe(true);
    for (let i = 0; i < 8 && (await stored(h, id)).record.state !== "failed"; i += 1) {
      await h.timers.advance(30 * 60_000);
      await h.step(id, true);
    }
    const order = (await stored(h, id)).record;
    expect(order.state).toBe("failed");
    expect(order.surprises).toEqual([
      expect.objectContaining({ source: "re_read", status: 2, upstreamOrderId: waiting.upstream.orderId, what: expect.stringMatching(/delivered .* never paid/) }),
    ]);
  });

  it("an upstream order id other than the recorded one, read while following the order, is kept on it", async () => {
    const h = await newHarness();
    const id = await authorizedOrder(h);
    h.replaceAnswers.push({ path: "/api/pay", acted: false, answer: () => Response.json(topupOrder("555", 1)) });
    h.replaceAnswers.push({ path: "/api/get_order_info", acted: false, answer: () => Response.json(topupOrder("556", 1)) });
    await h.step(id, true);
    await h.timers.advance(60_000);
    await h.step(id, true);
    const order = (await stored(h, id)).record;
    expect(order.surprises).toEqual([
      expect.objectContaining({ source: "re_read", status: 1, upstreamOrderId: "556", what: "upstream order 556 is not the one we recorded (555)" }),
    ]);
    expect(h.alerts.filter((alert) => alert.startsWith(id))).toHaveLength(1);
  });
});

/** The top-up voucher's order as upstream's body shows it, with the id and status given. */
function topupOrder(orderId: string, status: number) {
  return {
    success: true, order_status: status, order_status_text: "pending", order_id: orderId, game_name: "Diamonds", game_id: 20, voucher_id: 2001,
    voucher_name: "100 Diamonds", game_coins: 100, delivery_method: "direct_topup", account: "111|22", amount: 1.98, amount_currency: "USD",
    amount_charged: 1.98, amount_charged_currency: "USD", need_activation: 0, message: "", discount_rate: 0,
  };
}
