// The checkout's HTTP API as the route handlers run it, on both sandboxes: POST /api/checkout,
// the buyer's GET of their order, the activation retry, the partner notification and Stripe
// event wake-ups, and the cron sweep's door.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buyerOrder } from "@/lib/checkout/buyer-order";
import { getSweep } from "@/lib/checkout/http/get-sweep";
import { postCheckout, type CheckoutCreated } from "@/lib/checkout/http/post-checkout";
import { paymentEventHandler } from "@/lib/checkout/payment-events";
import { advance } from "@/lib/checkout/advance";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { RESERVED_VOUCHER, TOPUP_VOUCHER, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";
import { checkoutApiPerTest } from "@/tests/support/checkout/checkout-api-world";
import { countKvRounds } from "@/tests/support/kv/kv-rounds";
import { route } from "@/lib/http/route";
import { countRequest } from "@/lib/rate-limit/count-request";

const setup = checkoutApiPerTest();

function checkoutRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request("https://shop.test/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://shop.test", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const keyOf = (orderUrl: string) => new URL(orderUrl).searchParams.get("key");

/** Every stored order is in the deadline index until it is final, so the index counts them. */
async function orderCount(h: CheckoutHarness): Promise<number> {
  return h.kv.zCard(ORDER_KEYS.due);
}

describe("POST /api/checkout", () => {
  it("answers 201 with the payment page and the order link, and emails the link", async () => {
    const { h, deps, outbox } = await setup();
    const response = await h.run(postCheckout(checkoutRequest({ voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" }), deps));
    expect(response.status).toBe(201);
    const body = (await response.json()) as CheckoutCreated;
    expect(body.status).toBe("awaiting_payment");
    expect(body.payment_url).toMatch(/^http:\/\/pay\.test\/.*cs_test_/);
    expect(body.order_url).toBe(`https://shop.test/orders/${body.order_id}?key=${keyOf(body.order_url)}`);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    const [mail] = readdirSync(outbox);
    const text = readFileSync(join(outbox, mail ?? ""), "utf8");
    expect(text).toContain("To: gamer@example.com");
    expect(text.replace(/=\r?\n/g, "")).toContain(body.order_id);
  });

  it("counts the request against the rate limit in the same KV round as its first reads, and over the limit answers 429 having created nothing", async () => {
    const { h, deps } = await setup();
    const post = (body: unknown) => {
      const request = checkoutRequest(body);
      // As lib/shop/checkout.ts wires it: counted on arrival, asked by the handler before it writes.
      // A window of a day: h.run moves the manual clock on real time (up to a minute a call), and
      // on a loaded machine three calls once carried the count past a minute's window.
      const count = (r: Request) => countRequest({ scope: "checkout", setting: { limit: 2, windowMs: 24 * 3600_000 }, kv: () => h.kv, clock: h.timers, trust: { kind: "none" } }, r);
      const limited = route({ rateLimit: { count, askedBy: "handler" } }, (r, _context, gate) => postCheckout(r, deps, gate));
      return h.run(limited(request));
    };
    const body = { voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" };
    expect((await post(body)).status).toBe(201);
    const counter = countKvRounds(h.kv, (key) => key.startsWith("payments-sandbox:"));
    expect((await post(body)).status).toBe(201);
    const [first] = counter.rounds();
    expect(first?.ops.some((op) => op.startsWith("incr ratelimit:checkout"))).toBe(true);
    expect(first?.ops.some((op) => op.includes("gameslist"))).toBe(true);

    const before = await orderCount(h);
    const refused = await post(body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: "rate_limited" });
    // Whatever it sent, a client over its limit hears so, as before the count was overlapped.
    expect((await post({ voucher_id: "1001", email: "a@b.co" })).status).toBe(429);
    expect((await post({ voucher_id: 424242, email: "a@b.co" })).status).toBe(429);
    expect(await orderCount(h)).toBe(before);
  });

  it("names the field at fault and creates nothing", async () => {
    const { h, deps } = await setup();
    const cases: [unknown, number, string | undefined][] = [
      [{ voucher_id: RESERVED_VOUCHER, email: "not-an-email" }, 400, "email"],
      [{ voucher_id: "1001", email: "a@b.co" }, 400, "voucher_id"],
      [{ voucher_id: RESERVED_VOUCHER, email: "a@b.co", price: 1 }, 400, undefined],
      [{ voucher_id: TOPUP_VOUCHER, email: "a@b.co" }, 422, "account"],
      [{ voucher_id: 424242, email: "a@b.co" }, 404, "voucher_id"],
      ["{", 400, undefined],
    ];
    for (const [body, status, field] of cases) {
      const response = await h.run(postCheckout(checkoutRequest(body), deps));
      const answer = (await response.json()) as { error: string; message: string; field?: string };
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(answer.message.length).toBeGreaterThan(3);
      if (field) expect(answer.field).toBe(field);
    }
    expect(await orderCount(h)).toBe(0);
    expect(h.upstreamCalls.filter((path) => path === "/api/pay")).toEqual([]);
  });

  it("refuses another site's page and a form post before reading the body", async () => {
    const { h, deps } = await setup();
    const body = { voucher_id: RESERVED_VOUCHER, email: "a@b.co" };
    const fromOurPages = route({ sameOrigin: () => ["https://shop.test"] }, (request) => postCheckout(request, deps));
    expect((await fromOurPages(checkoutRequest(body, { origin: "https://evil.test" }))).status).toBe(403);
    expect((await postCheckout(checkoutRequest(body, { "content-type": "application/x-www-form-urlencoded" }), deps)).status).toBe(415);
    expect(await orderCount(h)).toBe(0);
  });
});

describe("the buyer's order, the webhooks and the sweep", () => {
  it("shows the code only to the link's key, after a Stripe event wakes the order", async () => {
    const { h, deps } = await setup();
    const created = (await (await h.run(postCheckout(checkoutRequest({ voucher_id: RESERVED_VOUCHER, email: "a@b.co" }), deps))).json()) as CheckoutCreated;
    await h.payWithCard(created.payment_url ?? "", "4242424242424242");
    // What the webhook route does with a verified event naming the order.
    const onEvent = paymentEventHandler((orderId) => h.run(advance(orderId, h.deps, { kind: "wake", reason: { kind: "payment" } })));
    await onEvent({ id: "evt_1", type: "checkout.session.completed", data: { object: { metadata: { order_id: created.order_id } } } } as never);

    const own = await h.run(buyerOrder(created.order_id, keyOf(created.order_url), h.deps));
    expect(own.ok && own.value).toMatchObject({ status: "completed", money: "charged", delivery: { code: expect.any(String) } });
    const wrongKey = await buyerOrder(created.order_id, "A".repeat(43), h.deps);
    expect(wrongKey).toEqual({ ok: false, error: { code: "not_found" } });
    expect(await buyerOrder("not-an-id", keyOf(created.order_url), h.deps)).toEqual({ ok: false, error: { code: "not_found" } });
  });

  it("a payment event costs no upstream look for an order whose next step asks only upstream", async () => {
    const { h, deps } = await setup();
    const created = (await (await h.run(postCheckout(checkoutRequest({ voucher_id: RESERVED_VOUCHER, email: "a@b.co" }), deps))).json()) as CheckoutCreated;
    await h.payWithCard(created.payment_url ?? "", "4242424242424242");
    expect((await h.run(advance(created.order_id, h.deps, { kind: "wake", reason: { kind: "any" } }))).ok).toBe(true);
    const read = await h.deps.store.read(created.order_id);
    expect(read.ok && read.value.record.state).toBe("completed");
    const calls = h.upstreamCalls.length;
    const onEvent = paymentEventHandler((orderId) => h.run(advance(orderId, h.deps, { kind: "wake", reason: { kind: "payment" } })));
    await onEvent({ id: "evt_9", type: "payment_intent.succeeded", data: { object: { metadata: { order_id: created.order_id } } } } as never);
    expect(h.upstreamCalls.length).toBe(calls);
  });

  it("ignores events about orders that are not ours", async () => {
    const { h } = await setup();
    const woken: string[] = [];
    const onEvent = paymentEventHandler(async (orderId) => {
      woken.push(orderId);
      return h.deps.store.read(orderId).then((r) => (r.ok ? { ok: true as const, value: r.value.record } : r));
    });
    await onEvent({ id: "evt_2", type: "payment_intent.canceled", data: { object: { metadata: {} } } } as never);
    await onEvent({ id: "evt_3", type: "charge.refunded", data: { object: { metadata: { order_id: "../../etc" } } } } as never);
    await onEvent({ id: "evt_4", type: "checkout.session.expired", data: { object: { metadata: { order_id: "01KA0000000000000000000000" } } } } as never);
    expect(woken).toEqual(["01KA0000000000000000000000"]);
  });

  it("opens the sweep only to the cron secret", async () => {
    const { h, deps } = await setup();
    const sweepDeps = { orders: async () => h.deps, budgetMs: 10_000, mail: deps };
    // Behind the route wrapper's cron secret, as app/api/cron/sweep/route.ts serves it.
    const sweepRoute = (secret: string | undefined) => route({ cronSecret: () => secret }, () => getSweep(sweepDeps));
    const ask = (authorization?: string) => sweepRoute("s3cret")(new Request("https://shop.test/api/cron/sweep", { headers: authorization ? { authorization } : {} }));
    expect((await ask()).status).toBe(401);
    expect((await ask("Bearer wrong")).status).toBe(401);
    expect((await sweepRoute(undefined)(new Request("https://shop.test/api/cron/sweep"))).status).toBe(403);
    const swept = await h.run(ask("Bearer s3cret"));
    expect(swept.status).toBe(200);
    expect(await swept.json()).toEqual({ advanced: 0, settled: 0, failed: [], left: 0, urgentLeft: 0, emails: { sent: 0, taken: 0, gone: 0, failed: 0 }, refunds: { finished: 0, open: 0, failed: 0 } });
  });

  it("answers 200 when one order cannot be advanced: the run did its work and names the order", async () => {
    const { h, deps } = await setup();
    const broken = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    await h.kv.set(ORDER_KEYS.order(broken), "{not json");
    await h.kv.zAdd(ORDER_KEYS.due, 0, broken);
    const sweepDeps = { orders: async () => h.deps, budgetMs: 10_000, mail: deps };
    const swept = await h.run(getSweep(sweepDeps));
    expect(swept.status).toBe(200);
    expect(await swept.json()).toMatchObject({ failed: [{ orderId: broken, code: "unreadable" }] });
    // The next run a minute later does not trip over it again: it waits behind a backoff.
    await h.timers.advance(60_000);
    const again = await h.run(getSweep(sweepDeps));
    expect(await again.json()).toEqual({ advanced: 0, settled: 0, failed: [], left: 0, urgentLeft: 0, emails: { sent: 0, taken: 0, gone: 0, failed: 0 }, refunds: { finished: 0, open: 0, failed: 0 } });
  });
});
