// advance() against the Partner sandbox (in process, manual time) and the payments fake: each
// flow end to end, the calls it costs, and the failures that must change neither money nor
// delivery: declines, expiry, a lost answer, a low partner balance, concurrent runs.
import { describe, expect, it } from "vitest";
import { advance } from "@/lib/checkout/advance";
import { sweep } from "@/lib/checkout/sweep";
import { KvError } from "@/lib/kv/kv-error";
import { acquireLock } from "@/lib/kv/lock";
import { RESERVED_ITEM, TOPUP_ITEM, harnessPerTest } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();


describe("advance: reservation flow", () => {
  it("reserves, waits for the buyer, confirms, captures: two upstream calls besides login", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await h.step(id);
    expect(waiting.state).toBe("awaiting_payment");
    expect(waiting.upstream.status).toBe(6);
    expect(waiting.payment.url).toMatch(/^https:\/\/pay\.test\//);

    h.payments.authorize(id);
    const done = await h.step(id, true);
    expect(done.state).toBe("completed");
    expect(done.upstream.status).toBe(2);
    expect(done.delivery.code).toMatch(/^v1\./);
    const opened = h.deps.vault.open(done.delivery.code ?? "", id);
    expect(opened.ok && opened.value.length).toBeGreaterThan(4);
    expect(h.payments.byOrder(id).intent?.status).toBe("succeeded");
    expect(h.upstreamCalls.filter((p) => p !== "/api/auth/login")).toEqual(["/api/pay", "/api/order_update"]);
    expect(await h.balance()).toBeCloseTo(100 - 9.5, 2);
  });

  it("tells the catalogue once when an order completes, however often it is advanced after", async () => {
    const h = await newHarness();
    const completed: string[] = [];
    const deps = { ...h.deps, onCompleted: async (order: { id: string }) => void completed.push(order.id) };
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.run(advance(id, deps));
    h.payments.authorize(id);
    await h.run(advance(id, deps, { kind: "wake", reason: { kind: "any" } }));
    await h.run(advance(id, deps, { kind: "wake", reason: { kind: "any" } }));
    expect(completed).toEqual([id]);
  });

  it("releases the reservation when the buyer's card is declined and the page expires: not charged, not debited", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.step(id);
    h.payments.decline(id);
    expect((await h.step(id, true)).state).toBe("awaiting_payment");
    await h.timers.advance(31 * 60_000);
    const failed = await h.step(id);
    expect(failed).toMatchObject({ state: "failed", reason: "payment_expired" });
    expect(failed.upstream.status).toBe(3);
    expect(h.payments.byOrder(id).intent?.amountCaptured).toBe(0);
    expect(await h.balance()).toBe(100);
  });

  it("closes the payment page before a short reservation ends, then releases", async () => {
    const h = await newHarness((f) => {
      f.reservation_ttl_seconds = 20 * 60;
    });
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await h.step(id);
    expect(waiting.nextCheckAt).toBe((waiting.upstream.reservationEndsAt ?? 0) - 5 * 60_000);
    await h.timers.advance(16 * 60_000);
    const failed = await h.step(id);
    expect(failed).toMatchObject({ state: "failed", reason: "payment_expired" });
    expect(h.payments.calls).toContain(`expire:${id}`);
    expect(failed.upstream.status).toBe(3);
  });

  it("keeps the authorization while the partner balance is too low, tells the owner, then releases and cancels before the reservation ends", async () => {
    const h = await newHarness((f) => {
      const partner = f.partners[0];
      if (partner) partner.balance = 1;
    });
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.step(id);
    h.payments.authorize(id);
    const blocked = await h.step(id, true);
    expect(blocked).toMatchObject({ state: "authorized", alert: "partner balance too low" });
    expect(h.alerts.join()).toMatch(/partner balance too low/);
    expect(h.payments.byOrder(id).intent?.status).toBe("requires_capture");

    await h.timers.advance(56 * 60_000);
    const released = await h.step(id);
    expect(released).toMatchObject({ state: "failed", reason: "reservation_expired" });
    expect(released.upstream.status).toBe(3);
    expect(h.payments.byOrder(id).intent).toMatchObject({ status: "canceled", amountCaptured: 0 });
  });

  it("recovers a confirmation whose answer was lost: no second debit, the code delivered", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.step(id);
    h.payments.authorize(id);
    h.loseAnswers.push("/api/order_update");
    // The lost answer may have taken effect: advance looks (get_order_info) instead of guessing.
    const done = await h.step(id, true);
    expect(done.state).toBe("completed");
    expect(h.upstreamCalls.filter((p) => p === "/api/order_update")).toHaveLength(1);
    expect(done.events.map((e) => e.what).join("\n")).toMatch(/order info: delivered/);
    expect(await h.balance()).toBeCloseTo(100 - 9.5, 2);
  });
});

describe("advance: pay first", () => {
  it("authorizes, orders a direct top-up with a two-field account, captures on success", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22", quote: { price: { minor: 220, currency: "USD" }, cost: { minor: 198, currency: "USD" } } });
    expect((await h.step(id)).state).toBe("awaiting_payment");
    expect(h.upstreamCalls).toEqual([]);
    h.payments.authorize(id);
    const done = await h.step(id, true);
    expect(done.state).toBe("completed");
    expect(done.delivery.code).toBeNull();
    expect(h.upstreamCalls.filter((p) => p === "/api/pay")).toHaveLength(1);
  });

  it("cancels the authorization when upstream fails the order: not charged", async () => {
    const h = await newHarness((f) => {
      const service = f.services[1];
      if (service) service.supplier = { outcome: "error" };
    });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    const failed = await h.step(id, true);
    expect(failed).toMatchObject({ state: "failed", reason: "upstream_failed" });
    expect(h.payments.byOrder(id).intent?.status).toBe("canceled");
  });

  it("repeats /api/pay with the same ext_order_id after a lost answer: one upstream order", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    h.loseAnswers.push("/api/pay");
    expect((await h.step(id, true)).state).toBe("authorized");
    await h.timers.advance(10_000);
    const done = await h.step(id);
    expect(done.events.map((e) => e.what).join("\n")).toMatch(/order not answered/);
    expect(done.state).toBe("completed");
    expect(await h.balance()).toBeCloseTo(100 - 1.98, 2);
  });
});

describe("advance: concurrency", () => {
  it("many concurrent runs make one reservation, one payment page and one capture", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await Promise.all(Array.from({ length: 8 }, () => h.step(id)));
    h.payments.authorize(id);
    await Promise.all(Array.from({ length: 8 }, () => h.step(id, true)));
    const final = await h.step(id);
    expect(final.state).toBe("completed");
    expect(h.upstreamCalls.filter((p) => p === "/api/pay")).toHaveLength(1);
    expect(h.upstreamCalls.filter((p) => p === "/api/order_update")).toHaveLength(1);
    expect(h.payments.calls.filter((c) => c.startsWith("open:"))).toHaveLength(1);
    expect(h.payments.calls.filter((c) => c.startsWith("capture:"))).toHaveLength(1);
  });

  it("a webhook that arrives while a buyer's poll holds the lease is not lost: the holder goes again", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.step(id);
    h.payments.authorize(id);
    // Another run (a poll with nothing due) holds the lease when the payment webhook comes in.
    const held = await acquireLock(h.kv, `checkout:lease:${id}`, 60_000);
    expect(held).not.toBeNull();
    expect((await h.step(id, true)).state).toBe("awaiting_payment");
    await held?.release();
    // The next run of anyone, even a poll with no deadline due, acts on the recorded wake-up.
    expect((await h.step(id)).state).toBe("completed");
  });
  it("a wake-up whose mark cannot be written while another run holds the order fails, so its sender asks again", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.step(id);
    h.payments.authorize(id);
    const held = await acquireLock(h.kv, `checkout:lease:${id}`, 60_000);
    const kv = new Proxy(h.kv, {
      get(object, name, receiver) {
        const value = Reflect.get(object, name, receiver) as unknown;
        if (name !== "setIfAbsent" || typeof value !== "function") return value;
        return (key: string, ...rest: unknown[]) =>
          key.startsWith("checkout:wake:") ? Promise.reject(new KvError("unavailable", "KV unavailable")) : (value as (...a: unknown[]) => unknown).apply(object, [key, ...rest]);
      },
    });
    // Answered 2xx, the webhook would be acted on by nobody: the holder never hears of it.
    const woken = await advance(id, { ...h.deps, kv }, { kind: "wake", reason: { kind: "payment" } });
    expect(woken.ok).toBe(false);
    expect(!woken.ok && woken.error.code).toBe("kv_error");
    await held?.release();
  });

  it("a notification of the status the order already holds costs no look, even when it waited for the lease", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.step(id);
    h.payments.authorize(id);
    expect((await h.step(id, true)).state).toBe("completed");
    const calls = h.upstreamCalls.length;
    const held = await acquireLock(h.kv, `checkout:lease:${id}`, 60_000);
    await h.run(advance(id, h.deps, { kind: "wake", reason: { kind: "upstream", status: 2 } }));
    await held?.release();
    expect((await h.step(id)).state).toBe("completed");
    expect(h.upstreamCalls.length).toBe(calls);
    // A status the order does not hold is looked at.
    await h.run(advance(id, h.deps, { kind: "wake", reason: { kind: "upstream", status: 3 } }));
    expect(h.upstreamCalls.slice(calls)).toEqual(["/api/get_order_info"]);
  });
});

describe("advance: after delivery, and the sweep", () => {
  it("refunds the buyer when upstream refunds a delivered order later (2 → 3)", async () => {
    const h = await newHarness((f) => {
      const service = f.services[1];
      if (service) service.supplier = { outcome: "refund_after", refund_after_seconds: 60 };
    });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    expect((await h.step(id, true)).state).toBe("completed");
    await h.timers.advance(61_000);
    // An upstream notification wakes the order; advance trusts only what get_order_info says.
    const refunded = await h.step(id, true);
    expect(refunded).toMatchObject({ state: "refunded", reason: "refunded_upstream", nextCheckAt: null });
    expect(h.payments.byOrder(id).intent?.refunded).toBe(h.payments.byOrder(id).intent?.amountCaptured);
  });

  it("a woken completed order that upstream still shows delivered stays completed, its next scheduled re-read unchanged", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    h.payments.authorize(id);
    const completed = await h.step(id, true);
    expect(completed.nextCheckAt).toBeGreaterThan(h.timers.now() + 59 * 60_000);
    const again = await h.step(id, true);
    expect(again).toMatchObject({ state: "completed", nextCheckAt: completed.nextCheckAt });
    expect(await h.deps.store.due(10)).toEqual({ ok: true, value: [] });
  });

  it("the sweep releases an abandoned reservation with no request from anyone", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.step(id);
    await h.timers.advance(31 * 60_000);
    const report = await h.run(sweep(h.deps));
    expect(report).toEqual({ advanced: 1, settled: 1, failed: [], left: 0, urgentLeft: 0 });
    const read = await h.deps.store.read(id);
    expect(read.ok && read.value.record).toMatchObject({ state: "failed", reason: "payment_expired" });
    expect(await h.balance()).toBe(100);
  });
});
