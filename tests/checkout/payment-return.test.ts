// The order page as the payment page's return: its render wakes an order awaiting payment, so
// the buyer sees the furthest state at once; a reload, a stranger or a later state wakes nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import { advance } from "@/lib/checkout/advance";
import { buyerOrder, RETURN_WAIT_MS } from "@/lib/checkout/buyer-order";
import { postCheckout, type CheckoutCreated } from "@/lib/checkout/http/post-checkout";
import { orderIdFactory } from "@/lib/checkout/order-id";
import { orderPath } from "@/lib/shop/checkout";
import { acquireLock } from "@/lib/kv/lock";
import { flush } from "@/tests/support/partner-client/manual-timers";
import { createMailer } from "@/lib/mail/mailer";
import { RESERVED_VOUCHER, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";
import { countKvRounds } from "@/tests/support/kv/kv-rounds";
import { settingsRules } from "@/tests/support/pricing-rules";

const newHarness = harnessPerTest();
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout (paid unless told) whose webhook has not arrived, with a count of the payment reads made since. */
async function paidOrder(pay = true): Promise<{ h: CheckoutHarness; created: CheckoutCreated; key: string; paymentReads: () => number }> {
  const h = await newHarness(undefined, { payments: "sandbox" });
  const catalog: CatalogDeps = {
    client: h.client,
    kv: h.kv,
    clock: h.timers,
    ttlMs: 300_000,
    upstream: "return-test",
    policy: settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" }),
  };
  const outbox = mkdtempSync(join(tmpdir(), "outbox-"));
  dirs.push(outbox);
  const request = new Request("https://shop.test/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://shop.test" },
    body: JSON.stringify({ voucher_id: RESERVED_VOUCHER, email: "a@b.co" }),
  });
  const response = await h.run(
    postCheckout(request, {
      start: async () => ({ catalog, orders: h.deps, nextOrderId: orderIdFactory(h.timers), testMode: false }),
      mailer: createMailer({ from: "Shop <orders@shop.test>", outboxDir: outbox }),
      publicOrigin: "https://shop.test",
      shopName: "Test Shop",
      orderPath,
    }),
  );
  const created = (await response.json()) as CheckoutCreated;
  if (pay) await h.payWithCard(created.payment_url ?? "", "4242424242424242");
  let reads = 0;
  const readCheckout = h.deps.payments.readCheckout.bind(h.deps.payments);
  h.deps.payments = {
    ...h.deps.payments,
    readCheckout: (sessionId) => {
      reads += 1;
      return readCheckout(sessionId);
    },
  };
  return { h, created, key: new URL(created.order_url).searchParams.get("key") ?? "", paymentReads: () => reads };
}

describe("the return from the payment page", () => {
  it("shows the furthest state on the first render: the code, without waiting for the webhook", async () => {
    const { h, created, key } = await paidOrder();
    const page = await h.run(buyerOrder(created.order_id, key, h.deps, { paymentReturn: true }));
    expect(page.ok && page.value).toMatchObject({ status: "completed", delivery: { code: expect.any(String) } });
  });

  it("carries the paid order to its code in nine KV rounds: no wake-up mark when nobody holds the order, the sale counted beside the completing save, the code's view logged", async () => {
    const { h, created, key } = await paidOrder();
    const counted: string[] = [];
    h.deps.onCompleted = async (order) => {
      // Two counts that do not wait for each other (the catalogue's and the day's sales).
      await Promise.all([h.kv.set(`test:sale:${order.id}`, "1"), h.kv.set(`test:day:${order.id}`, "1")]);
      counted.push(order.id);
    };
    // The payments sandbox keeps its own state in the same store here; Stripe's is not ours to count.
    const counter = countKvRounds(h.kv, (key) => key.startsWith("payments-sandbox:"));
    const page = await h.run(buyerOrder(created.order_id, key, h.deps, { paymentReturn: true }));
    expect(page.ok && page.value.status).toBe("completed");
    expect(counted).toEqual([created.order_id]);
    const rounds = counter.rounds().map((round) => round.ops.join(" + "));
    expect(rounds).toEqual([
      "get checkout:order",
      "setIfAbsent checkout:payment-return",
      // Free: this run looks at once, and nobody needs a mark to find.
      "setIfAbsent checkout:lease",
      "get checkout:wake + get checkout:order",
      "run checkout-save-order", // authorized
      "run checkout-save-order", // delivered
      // Completed, and counted; the run stops here, so the save lets go of the lease too.
      "run checkout-save-order-and-let-go + set test:sale + set test:day",
      // The page shows the code: when it was shown is kept for a dispute's evidence (code-views.ts).
      "get checkout:order",
      "run checkout-save-order",
    ]);
  });

  it("waits for a run that holds the order (the webhook's) and shows what it reached, not \"awaiting payment\"", async () => {
    const { h, created, key } = await paidOrder();
    // The payment webhook's run holds the order as the buyer comes back: its read of the payment takes 300 ms.
    const readCheckout = h.deps.payments.readCheckout.bind(h.deps.payments);
    h.deps.payments = { ...h.deps.payments, readCheckout: (id) => h.timers.timedSleep(300).then(() => readCheckout(id)) };
    const webhook = advance(created.order_id, h.deps, { kind: "wake", reason: { kind: "payment" } });
    while ((await h.kv.get(`checkout:lease:${created.order_id}`)) === null) await flush(1);
    const page = await h.run(buyerOrder(created.order_id, key, h.deps, { paymentReturn: true, sleep: h.timers.timedSleep }), { stepMs: 10 });
    expect(page.ok && page.value).toMatchObject({ status: "completed", delivery: { code: expect.any(String) } });
    expect((await h.run(webhook)).ok).toBe(true);
  });

  it("waits a bounded time for a run that holds the order: the page then shows what is known", async () => {
    const { h, created, key } = await paidOrder();
    // A run stuck on a slow call: its lease is renewed, so it stays held.
    await acquireLock(h.kv, `checkout:lease:${created.order_id}`, 600_000);
    const before = h.timers.now();
    const page = await h.run(buyerOrder(created.order_id, key, h.deps, { paymentReturn: true, sleep: h.timers.timedSleep }), { stepMs: 10 });
    expect(page.ok && page.value.status).toBe("awaiting_payment");
    const waited = h.timers.now() - before;
    expect(waited).toBeGreaterThanOrEqual(RETURN_WAIT_MS);
    expect(waited).toBeLessThan(RETURN_WAIT_MS + 1_000);
  });

  it("is only a look for the order's API and for strangers: no wake, no payment read", async () => {
    const { h, created, key, paymentReads } = await paidOrder();
    const polled = await h.run(buyerOrder(created.order_id, key, h.deps));
    expect(polled.ok && polled.value.status).toBe("awaiting_payment");
    expect(await buyerOrder(created.order_id, "A".repeat(43), h.deps, { paymentReturn: true })).toEqual({ ok: false, error: { code: "not_found" } });
    expect(await buyerOrder(created.order_id, null, h.deps, { paymentReturn: true })).toEqual({ ok: false, error: { code: "not_found" } });
    expect(paymentReads()).toBe(0);
    expect(await h.kv.get(`checkout:wake:${created.order_id}`)).toBeNull();
  });

  it("reads the payment once for a burst of reloads, and never once the order is past payment", async () => {
    // Back from the payment page without paying: the order still awaits its payment.
    const { h, created, key, paymentReads } = await paidOrder(false);
    // On a clock that stands still (h.run would move it while a busy machine waits).
    for (let i = 0; i < 5; i += 1) await buyerOrder(created.order_id, key, h.deps, { paymentReturn: true });
    expect(paymentReads()).toBe(1);
    await h.timers.advance(6_000);
    const later = await h.run(buyerOrder(created.order_id, key, h.deps, { paymentReturn: true }));
    expect(paymentReads()).toBe(2);
    expect(later.ok && later.value.status).toBe("awaiting_payment");
  });

  it("costs nothing on reloads of a completed order", async () => {
    const { h, created, key, paymentReads } = await paidOrder();
    await h.run(buyerOrder(created.order_id, key, h.deps, { paymentReturn: true }));
    const reads = paymentReads();
    const calls = h.upstreamCalls.length;
    await h.timers.advance(6_000);
    for (let i = 0; i < 3; i += 1) await h.run(buyerOrder(created.order_id, key, h.deps, { paymentReturn: true }));
    expect(paymentReads()).toBe(reads);
    expect(h.upstreamCalls.length).toBe(calls);
  });
});
