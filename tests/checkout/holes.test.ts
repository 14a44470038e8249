// The holes a review found in the checkout (issue 14), each as the story that lost money or
// stranded an order: a refund upstream nobody heard of, a pay-first order given up while
// upstream filled it, a throwing order that stopped the sweep, a payment page that could not be
// opened twice, a reservation's end counted from the wrong call.
import { describe, expect, it } from "vitest";
import { advance } from "@/lib/checkout/advance";
import { createCodeVault } from "@/lib/checkout/code-vault";
import { acquireLock } from "@/lib/kv/lock";
import { openTempKv } from "@/tests/support/temp-kv";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { PAY_IN_FLIGHT_MS } from "@/lib/checkout/steps/pay-intent";
import { sweep } from "@/lib/checkout/sweep";
import { randomBytes } from "node:crypto";
import { RESERVED_ITEM, TOPUP_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

async function stored(h: CheckoutHarness, id: string) {
  const read = await h.deps.store.read(id);
  if (!read.ok) throw new Error(`read failed: ${read.error.code}`);
  return read.value.record;
}

/** Sweeps as a cron would, every `everyMs` until `forMs` has passed. */
async function cron(h: CheckoutHarness, forMs: number, everyMs: number) {
  for (let passed = 0; passed < forMs; passed += everyMs) {
    await h.timers.advance(everyMs);
    await h.run(sweep(h.deps));
  }
}

describe("a refund upstream after completion, with no notification", () => {
  it("is found by the completed order's scheduled re-reads, and the buyer is refunded", async () => {
    const h = await newHarness((f) => {
      const service = f.services[1];
      if (service) service.supplier = { outcome: "refund_after", refund_after_seconds: 600 };
    });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    expect((await h.step(id, true)).state).toBe("completed");
    // Nobody wakes the order: notifications are off. Only the sweep runs.
    await cron(h, 2 * HOUR, 10 * 60_000);
    expect(await stored(h, id)).toMatchObject({ state: "refunded", reason: "refunded_upstream" });
    expect(h.payments.byOrder(id).intent?.refunded).toBe(h.payments.byOrder(id).intent?.amountCaptured);
  });

  it("re-reads a completed order a bounded number of times, then leaves it to reconciliation", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    expect((await h.step(id, true)).state).toBe("completed");
    const before = h.upstreamCalls.length;
    await cron(h, 9 * DAY, 6 * HOUR);
    const rereads = h.upstreamCalls.slice(before).filter((p) => p === "/api/get_order_info");
    expect(rereads).toHaveLength(h.deps.policy.completedRechecksMs.length);
    expect(await stored(h, id)).toMatchObject({ state: "completed", nextCheckAt: null });
  });
});

describe("pay first: never cancel while upstream may have filled the order", () => {
  /** /api/pay acts, but every answer carries a status our schema does not know. */
  function unreadablePay(h: CheckoutHarness, times: number) {
    for (let i = 0; i < times; i += 1) {
      h.replaceAnswers.push({
        path: "/api/pay",
        acted: true,
        answer: () => Response.json({ success: true, order_id: "77", order_status: 42, order_status_text: "Brand new" }),
      });
    }
  }

  it("keeps the authorization through a day of unreadable answers, and captures when upstream's answer becomes readable", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    unreadablePay(h, 1000);
    await h.step(id, true);
    await cron(h, 30 * HOUR, HOUR);
    // Upstream filled it (the partner is debited); the buyer's money must still be held.
    expect(await h.balance()).toBeCloseTo(100 - 1.98, 2);
    expect(h.payments.byOrder(id).intent?.status).toBe("requires_capture");
    expect(h.alerts.join("\n")).toMatch(new RegExp(id));
    h.replaceAnswers.length = 0;
    await cron(h, HOUR, HOUR);
    expect(await stored(h, id)).toMatchObject({ state: "completed" });
    expect(h.payments.byOrder(id).intent?.status).toBe("succeeded");
  });

  it("a refusal to a repeated /api/pay, after one that may have taken effect, is not final", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    h.loseAnswers.push("/api/pay");
    await h.step(id, true);
    // The repeat is answered by something in between, not about our ext_order_id.
    h.replaceAnswers.push({ path: "/api/pay", acted: false, answer: () => Response.json({ error: 103 }, { status: 503 }) });
    await h.timers.advance(10_000);
    await h.step(id);
    await cron(h, HOUR, 10 * 60_000);
    expect(await stored(h, id)).toMatchObject({ state: "completed" });
    expect(h.payments.byOrder(id).intent?.status).toBe("succeeded");
    expect(await h.balance()).toBeCloseTo(100 - 1.98, 2);
  });
});

describe("pay first: the lease is only an optimisation (issue 25)", () => {
  it("a run that took a lapsed lease and got a clean refusal does not release while the first run's /api/pay is in flight", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    const upstream = h.deps.upstream;
    let lapsed = false;
    const first = {
      ...h.deps,
      upstream: {
        ...upstream,
        pay: async (...args: Parameters<typeof upstream.pay>) => {
          if (!lapsed) {
            // The first run is about to send /api/pay when its lease lapses (a frozen function,
            // a failed renewal): a second run takes the order and upstream refuses it cleanly.
            lapsed = true;
            await h.kv.del(`checkout:lease:${id}`);
            h.replaceAnswers.push({ path: "/api/pay", acted: false, answer: () => Response.json({ error: 103 }, { status: 503 }) });
            await advance(id, h.deps, { kind: "wake", reason: { kind: "any" } });
          }
          return upstream.pay(...args);
        },
      },
    };
    await h.run(advance(id, first, { kind: "wake", reason: { kind: "any" } }));
    await cron(h, 2 * HOUR, 10 * 60_000);
    // Upstream delivered the first run's order: the buyer's money is taken for it, not released.
    expect(await h.balance()).toBeCloseTo(100 - 1.98, 2);
    expect(await stored(h, id)).toMatchObject({ state: "completed" });
    expect(h.payments.byOrder(id).intent?.status).toBe("succeeded");
  });

  it("two runs with no lease at all announce the same pay at the same moment: only one of them is the announcer", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    // Every run gets the lease, as if there were none.
    const kv = new Proxy(h.kv, {
      get: (object, name, receiver) =>
        name === "setIfAbsent"
          ? async (key: string, value: string, options?: { ttlMs?: number }) => (key.startsWith("checkout:lease:") ? (await object.set(key, value, options), true) : object.setIfAbsent(key, value, options))
          : (Reflect.get(object, name, receiver) as unknown),
    });
    const deps = { ...h.deps, kv };
    // The first /api/pay to go out is refused in between; the other reaches upstream.
    h.replaceAnswers.push({ path: "/api/pay", acted: false, answer: () => Response.json({ error: 103 }, { status: 503 }) });
    await h.run(Promise.all([advance(id, deps, { kind: "wake", reason: { kind: "any" } }), advance(id, deps, { kind: "wake", reason: { kind: "any" } })]));
    await cron(h, HOUR, 10 * 60_000);
    expect(await h.balance()).toBeCloseTo(100 - 1.98, 2);
    expect(await stored(h, id)).toMatchObject({ state: "completed" });
  });

  it("a pay announced by a run that died is waited for: a refusal releases only once it can no longer land", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    // A run announced its /api/pay and died before anyone recorded an answer.
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("unreadable");
    const until = h.timers.now() + PAY_IN_FLIGHT_MS;
    await h.deps.store.save(read.value, { note: { kind: "sending", values: { call: "order", nonce: "test" } }, patch: { upstream: { ...read.value.record.upstream, payInFlightUntil: until } } });
    const refused = () => h.replaceAnswers.push({ path: "/api/pay", acted: false, answer: () => Response.json({ error: 103 }, { status: 503 }) });
    refused();
    const waiting = await h.step(id, true);
    expect(waiting).toMatchObject({ state: "authorized", upstream: { payInFlightUntil: until } });
    expect(waiting.nextCheckAt).toBeLessThanOrEqual(until);
    expect(h.payments.byOrder(id).intent?.status).toBe("requires_capture");
    // Past the window, a repeat refused cleanly means no pay of ours made the order.
    await h.timers.advance(PAY_IN_FLIGHT_MS);
    refused();
    expect(await h.step(id)).toMatchObject({ state: "failed", reason: "unavailable" });
    expect(h.payments.byOrder(id).intent?.status).toBe("canceled");
    expect(await h.balance()).toBe(100);
  });
});

describe("one order whose step throws", () => {
  it("a step that throws after /api/pay took effect leaves a later refusal not final: the order is delivered, not released", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    const upstream = h.deps.upstream;
    let thrown = false;
    const deps = {
      ...h.deps,
      upstream: {
        ...upstream,
        pay: async (...args: Parameters<typeof upstream.pay>) => {
          const answer = await upstream.pay(...args);
          if (!thrown) {
            thrown = true;
            throw new Error("a bug after the call");
          }
          return answer;
        },
      },
    };
    await h.run(advance(id, deps, { kind: "wake", reason: { kind: "any" } }));
    // The repeat is refused by something in between, not about our ext_order_id.
    h.replaceAnswers.push({ path: "/api/pay", acted: false, answer: () => Response.json({ error: 103 }, { status: 503 }) });
    await h.timers.advance(10_000);
    await h.run(advance(id, deps));
    await cron(h, HOUR, 10 * 60_000);
    expect(await stored(h, id)).toMatchObject({ state: "completed" });
    expect(await h.balance()).toBeCloseTo(100 - 1.98, 2);
  });

  it("does not stop the sweep: the others are advanced, its failure is recorded on it with a backoff, and the owner is told", async () => {
    const h = await newHarness();
    // An order whose capability key was sealed with a code key that has since been rotated.
    const rotated = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM, capabilitySealed: createCodeVault(randomBytes(32)).seal("k".repeat(43), "x") });
    const healthy = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    // Small steps of manual time: the sweep reads its index once more after the last order to
    // see it drained, and large steps could run the 5 s backoff out before the check below.
    const report = await h.run(sweep(h.deps), { stepMs: 20 });
    expect(report.advanced).toBe(2);
    expect((await stored(h, healthy)).state).toBe("awaiting_payment");
    const stuck = await stored(h, rotated);
    expect(stuck.events.at(-1)?.what).toMatch(/capability key/);
    expect(stuck.nextCheckAt).toBeGreaterThan(h.timers.now());
    await cron(h, 2 * HOUR, 5 * 60_000);
    expect(h.alerts.join("\n")).toMatch(new RegExp(`${rotated}.*capability key`));
  });

  it("a record that fails its schema and an index entry whose order is gone do not stop the sweep either", async () => {
    const h = await newHarness();
    await h.kv.set(ORDER_KEYS.order("01ARZ3NDEKTSV4RRFFQ69G5FAV"), JSON.stringify({ id: "01ARZ3NDEKTSV4RRFFQ69G5FAV", state: "nonsense" }));
    await h.kv.zAdd(ORDER_KEYS.due, 0, "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    await h.kv.zAdd(ORDER_KEYS.due, 0, "01ARZ3NDEKTSV4RRFFQ69G5FAW");
    const healthy = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    // Small steps of manual time: the sweep reads its index once more after the last order to
    // see it drained, and large steps could run the 5 s backoff out before the check below.
    const report = await h.run(sweep(h.deps), { stepMs: 20 });
    expect((await stored(h, healthy)).state).toBe("awaiting_payment");
    expect(report.failed.map((f) => f.orderId)).toEqual(["01ARZ3NDEKTSV4RRFFQ69G5FAV"]);
    // The gone order leaves the index; the unreadable one waits a backoff instead of heading it.
    const due = await h.kv.zRangeByScore(ORDER_KEYS.due, { max: h.timers.now(), limit: 10 });
    expect(due.map((e) => e.member)).not.toContain("01ARZ3NDEKTSV4RRFFQ69G5FAW");
    expect(due.map((e) => e.member)).not.toContain("01ARZ3NDEKTSV4RRFFQ69G5FAV");
  });
});

describe("opening the payment page is repeatable", () => {
  it("a retry after a lost answer, later, gets the same page instead of an idempotency error", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    // The session is made, but no answer comes back to the first call nor to its two retries.
    h.losePaymentAnswers.push("/v1/checkout/sessions", "/v1/checkout/sessions", "/v1/checkout/sessions");
    expect((await h.step(id)).state).toBe("created");
    await h.timers.advance(30_000);
    const opened = await h.step(id);
    expect(opened.state).toBe("awaiting_payment");
    expect(opened.payment.url).toMatch(/^http:\/\/pay\.test\//);
  });
});

describe("a reservation's end", () => {
  it("is counted from the first /api/pay that may have made it, not from the retry that was answered", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const reservedAt = h.timers.now();
    h.loseAnswers.push("/api/pay");
    expect((await h.step(id)).state).toBe("created");
    await h.timers.advance(20 * 60_000);
    const waiting = await h.step(id);
    expect(waiting.state).toBe("awaiting_payment");
    const ttl = h.deps.policy.reservationMs;
    expect(waiting.upstream.reservationEndsAt).toBeLessThanOrEqual(reservedAt + ttl);
    // The page closes before upstream drops the reservation it made at the first call.
    expect(waiting.nextCheckAt).toBeLessThanOrEqual(reservedAt + ttl - h.deps.policy.safetyMarginMs);
  });
});

describe("found by reading", () => {
  it("a capture refused for good reaches the owner instead of being retried quietly forever", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    h.payments.refuseCaptures = "charge_disputed";
    expect((await h.step(id, true)).state).toBe("delivered");
    await cron(h, 2 * HOUR, 5 * 60_000);
    expect(h.alerts.join("\n")).toMatch(new RegExp(`${id}.*charge_disputed`));
    expect(await stored(h, id)).toMatchObject({ state: "delivered", alert: expect.stringMatching(/charge_disputed/) });
  });

  it("a delivered order whose authorization is gone is released once upstream takes the delivery back: nothing owed, nothing shown", async () => {
    const h = await newHarness((f) => {
      const service = f.services[1];
      if (service) service.supplier = { outcome: "refund_after", refund_after_seconds: 60 };
    });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    h.payments.refuseCaptures = "processing_error";
    expect((await h.step(id, true)).state).toBe("delivered");
    // The bank cancels the hold before the capture lands; upstream refunds its delivery later.
    h.payments.refuseCaptures = null;
    const intent = h.payments.byOrder(id).intent;
    if (intent) intent.status = "canceled";
    const parked = await h.step(id, true);
    expect(parked).toMatchObject({ state: "delivered", alert: "delivered but not paid" });
    await h.timers.advance(61_000);
    await cron(h, 2 * DAY, 6 * HOUR);
    expect(await stored(h, id)).toMatchObject({ state: "failed", reason: "upstream_failed" });
    expect(h.payments.byOrder(id).intent?.amountCaptured).toBe(0);
  });

  it("a charge in another currency than the quote is valued at our rates, not taken as a price change", async () => {
    const h = await newHarness();
    const deps = { ...h.deps, conversionRates: async () => ({ storeCurrency: "USD", exchangeRates: { EUR: "1.10" } }) };
    // Quoted at 9.00 EUR of cost (9.90 USD at our rate); upstream debits 9.50 USD.
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM, quote: { price: { minor: 1100, currency: "EUR" }, cost: { minor: 900, currency: "EUR" } } });
    const result = await h.run(advance(id, deps));
    expect(result.ok && result.value.state).toBe("awaiting_payment");
  });

  it("a run keeps its short lease while a call outlasts it, and a dead holder's lease frees the order within one lease", { timeout: 20_000 }, async () => {
    const h = await newHarness();
    const { kv, remove } = openTempKv(() => Date.now());
    try {
      let inCall!: () => void;
      const called = new Promise<void>((resolve) => (inCall = resolve));
      const slowUpstream = {
        ...h.deps.upstream,
        pay: async (...args: Parameters<typeof h.deps.upstream.pay>) => {
          inCall();
          await new Promise((resolve) => setTimeout(resolve, 3000));
          return h.deps.upstream.pay(...args);
        },
      };
      // Margins of whole seconds: a loaded machine delays timers, and this test must not race them.
      const deps = { ...h.deps, kv, upstream: slowUpstream, leaseMs: 600 };
      const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
      const running = advance(id, deps);
      await called;
      // Three leases into the call, the run's lease is still held: it was renewed.
      await new Promise((resolve) => setTimeout(resolve, 1800));
      expect(await acquireLock(kv, `checkout:lease:${id}`, 600)).toBeNull();
      await h.run(running);

      // A holder that dies renews nothing: within one lease the order is free again.
      const dead = await acquireLock(kv, `checkout:lease:${id}`, 600);
      expect(dead).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(await acquireLock(kv, `checkout:lease:${id}`, 600)).not.toBeNull();
    } finally {
      await remove();
    }
  });
});
