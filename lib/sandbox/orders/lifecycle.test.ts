// Section 3's transition rows, the balance rules of decisions 17 and the deadlines of 12 and 15.
import { describe, expect, it } from "vitest";
import { createHarness, type Harness } from "@/tests/support/sandbox/engine-harness";

type Supplier = Record<string, unknown>;
const withSupplier = (serviceIndex: number, supplier: Supplier) => (f: { services: Record<string, unknown>[] }) =>
  void (f.services[serviceIndex]!.supplier = supplier);

async function info(h: Harness, orderId: unknown, partnerId = 1) {
  return (await h.engine.orderInfo(h.partner(partnerId), { order_id: String(orderId) })).body;
}

describe("processing finishes: 1, 5 → 2 or 3", () => {
  it("supplier error: 3 with its error_text, and the debit is credited back in the same step", async () => {
    const h = createHarness({ edit: withSupplier(0, { outcome: "error", latency_seconds: 5 }) });
    const result = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10 }));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: false, order_status: 3, error_text: "supplier declined the order" });
    expect(await h.balanceOf()).toBe(10_000);
  });

  it("pending 1 → 2 is visible through get_order_info when the partner is notified", async () => {
    const h = createHarness();
    const created = await h.engine.pay(h.partner(2), { voucher_id: 2001 });
    expect(created.body.order_status).toBe(1);
    await h.time.advance(4_000);
    expect((await info(h, created.body.order_id, 2)).order_status).toBe(1);
    await h.time.advance(1_000);
    expect(await info(h, created.body.order_id, 2)).toMatchObject({ order_status: 2, voucher_code: "CODE-1" });
  });

  it("stall: 3 'delivery time exceeded' at delivery_time_max_minutes, refunded", async () => {
    const h = createHarness({ edit: withSupplier(0, { outcome: "stall" }) });
    const result = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10 }));
    expect(result.body.order_status).toBe(5);
    expect(await h.balanceOf()).toBe(9_025);
    await h.time.advance(60 * 60_000 - 60_000 - 1);
    expect((await info(h, result.body.order_id)).order_status).toBe(5);
    await h.time.advance(1);
    expect(await info(h, result.body.order_id)).toMatchObject({ order_status: 3, error_text: "delivery time exceeded" });
    expect(await h.balanceOf()).toBe(10_000);
  });

  it("refund_after: 2, then 3 'refunded by supplier' with the amount credited back once", async () => {
    const h = createHarness({ edit: withSupplier(0, { outcome: "refund_after", latency_seconds: 5, refund_after_seconds: 30 }) });
    const result = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10 }));
    expect(result.body.order_status).toBe(2);
    expect(await h.balanceOf()).toBe(9_025);
    await h.time.advance(30_000);
    expect(await info(h, result.body.order_id)).toMatchObject({ success: false, order_status: 3, error_text: "refunded by supplier" });
    await info(h, result.body.order_id);
    await h.time.advance(3_600_000);
    expect(await h.balanceOf()).toBe(10_000);
  });

  it("a read long after every deadline applies them all in order, even if no timer ever fired", async () => {
    const h = createHarness({ edit: withSupplier(0, { outcome: "refund_after", latency_seconds: 5, refund_after_seconds: 30 }) });
    const first = h.newInstance({ deadTimers: true });
    const created = await first.pay(h.partner(2), { game_id: 10, account: "a", amount: 10 });
    first.close();
    await h.time.advance(10 * 60_000);
    const later = h.newInstance({ deadTimers: true });
    const body = (await later.orderInfo(h.partner(2), { order_id: String(created.body.order_id) })).body;
    expect(body).toMatchObject({ order_status: 3, error_text: "refunded by supplier" });
    expect(await h.balanceOf(2)).toBe(10_000);
  });
});

describe("reservation (request=1)", () => {
  const reserve = (h: Harness, extra: Record<string, unknown> = {}) =>
    h.engine.pay(h.partner(), { voucher_id: 2001, request: 1, ...extra });

  it("answers 6 at once without checking or debiting the balance; activation_voucher is 'wait'", async () => {
    const h = createHarness({ edit: (f) => void (f.partners[0]!.balance = 0) });
    const result = await reserve(h);
    expect(result.body).toMatchObject({ success: true, order_status: 6, activation_voucher: "wait", need_activation: 0 });
    expect(result.body).not.toHaveProperty("voucher_code");
    expect(await h.balanceOf()).toBe(0);
  });

  it("6 → 2 by order_update 2: debits, issues the code, waits for the final result", async () => {
    const h = createHarness();
    const created = await reserve(h);
    const started = h.time.now();
    const updated = await h.time.run(h.engine.orderUpdate(h.partner(), { order_id: String(created.body.order_id), status: 2 }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ success: true, order_status: 2, voucher_code: "CODE-1", activation_voucher: false });
    expect(h.time.now() - started).toBe(5_000);
    expect(await h.balanceOf()).toBe(10_000 - 950);
  });

  it("order_update 2 with a short balance answers 402 and leaves the order in 6; a later 2 succeeds", async () => {
    const h = createHarness({ edit: (f) => void (f.partners[0]!.balance = 5) });
    const created = await reserve(h);
    const id = String(created.body.order_id);
    expect((await h.engine.orderUpdate(h.partner(), { order_id: id, status: 2 })).status).toBe(402);
    expect((await info(h, id)).order_status).toBe(6);
    await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2001, request: 1, test: 1 })); // unrelated
    expect((await h.engine.orderUpdate(h.partner(), { order_id: id, status: 3 })).body.order_status).toBe(3);
  });

  it("6 → 3 by order_update 3: released, never debited", async () => {
    const h = createHarness();
    const created = await reserve(h);
    const updated = await h.engine.orderUpdate(h.partner(), { order_id: String(created.body.order_id), status: 3 });
    expect(updated.body).toMatchObject({ success: false, order_status: 3, error_text: "reservation released by the partner" });
    expect(await h.balanceOf()).toBe(10_000);
  });

  it("expires to 3 'reservation expired' at reservation_ttl_seconds by its timer", async () => {
    const h = createHarness({ edit: (f) => void (f.partners[1]!.notify_url = "https://partner.example/notify") });
    const created = await h.engine.pay(h.partner(2), { voucher_id: 2001, request: 1 });
    await h.time.advance(3_600_000 - 1);
    expect(h.notifications.map((n) => n.body.order_status)).toEqual([6]);
    await h.time.advance(1);
    expect(h.notifications.map((n) => n.body.order_status)).toEqual([6, 3]); // the timer did it, no read needed
    expect(h.notifications[1]!.body.error_text).toBe("reservation expired");
    expect((await info(h, created.body.order_id, 2)).order_status).toBe(3);
  });

  it("expires at the next read when no timer fires", async () => {
    const h = createHarness();
    const engine = h.newInstance({ deadTimers: true });
    const created = await engine.pay(h.partner(), { voucher_id: 2001, request: 1 });
    await h.time.advance(3_600_000);
    const body = (await engine.orderInfo(h.partner(), { order_id: String(created.body.order_id) })).body;
    expect(body).toMatchObject({ order_status: 3, error_text: "reservation expired" });
    // A confirmation after the deadline is too late: 101.
    expect((await engine.orderUpdate(h.partner(), { order_id: String(created.body.order_id), status: 2 })).status).toBe(409);
  });

  it("delivery time counts from confirmation, not creation", async () => {
    const h = createHarness({ edit: withSupplier(1, { outcome: "stall" }) });
    const created = await reserve(h);
    const id = String(created.body.order_id);
    await h.time.advance(50 * 60_000);
    const confirmedAt = h.time.now();
    await h.time.run(h.engine.orderUpdate(h.partner(), { order_id: id, status: 2 })); // waits 60 s for nothing
    await h.time.advance(confirmedAt + 60 * 60_000 - 1 - h.time.now());
    expect((await info(h, id)).order_status).toBe(1);
    await h.time.advance(1);
    expect(await info(h, id)).toMatchObject({ order_status: 3, error_text: "delivery time exceeded" });
    expect(await h.balanceOf()).toBe(10_000);
  });

  it("test reservations confirm without a balance check or debit", async () => {
    const h = createHarness({ edit: (f) => void (f.partners[0]!.balance = 0) });
    const created = await reserve(h, { test: 1 });
    const updated = await h.time.run(h.engine.orderUpdate(h.partner(), { order_id: String(created.body.order_id), status: 2 }));
    expect(updated.body.order_status).toBe(2);
    expect(await h.balanceOf()).toBe(0);
  });
});

describe("order_update: 101 and 404", () => {
  it("answers 101 (HTTP 409) for every other case and 404 for unknown or foreign orders", async () => {
    const h = createHarness();
    const plain = await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2001 }));
    const id = String(plain.body.order_id);
    for (const status of [2, 3] as const) {
      const result = await h.engine.orderUpdate(h.partner(), { order_id: id, status });
      expect(result).toMatchObject({ status: 409, body: { success: false, error: 101 } });
    }
    const reserved = await h.engine.pay(h.partner(), { voucher_id: 2001, request: 1 });
    await h.engine.orderUpdate(h.partner(), { order_id: String(reserved.body.order_id), status: 3 });
    expect((await h.engine.orderUpdate(h.partner(), { order_id: String(reserved.body.order_id), status: 2 })).status).toBe(409);
    expect((await h.engine.orderUpdate(h.partner(), { order_id: "424242", status: 2 })).status).toBe(404);
    expect((await h.engine.orderUpdate(h.partner(2), { order_id: id, status: 2 })).status).toBe(404);
    expect((await h.engine.orderInfo(h.partner(2), { order_id: id })).status).toBe(404);
    expect((await h.engine.orderInfo(h.partner(), { order_id: "424242" })).status).toBe(404);
  });
});

describe("activation", () => {
  it("auto service with activation=1: status 4 for activation_seconds, then 2 with activation_voucher true", async () => {
    const h = createHarness();
    const created = await h.engine.pay(h.partner(2), { voucher_id: 2001, activation: 1 });
    expect(created.body).toMatchObject({ order_status: 1, need_activation: 1, activation_voucher: "wait" });
    await h.time.advance(5_000);
    expect(await info(h, created.body.order_id, 2)).toMatchObject({
      order_status: 4, order_status_text: "Voucher activation in progress", voucher_code: "CODE-1", activation_voucher: "wait",
    });
    await h.time.advance(10_000);
    expect(await info(h, created.body.order_id, 2)).toMatchObject({ order_status: 2, activation_voucher: true });
  });

  it("activation_fails: the first attempt leaves 2 with false; order_update 2 retries once and succeeds", async () => {
    const h = createHarness({ edit: withSupplier(1, { latency_seconds: 5, activation_seconds: 10, activation_fails: true }) });
    const created = await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2001, activation: 1 }));
    expect(created.body).toMatchObject({ order_status: 2, activation_voucher: false, voucher_code: "CODE-1" });
    const id = String(created.body.order_id);
    const started = h.time.now();
    const retried = await h.time.run(h.engine.orderUpdate(h.partner(), { order_id: id, status: 2 }));
    expect(retried.body).toMatchObject({ order_status: 2, activation_voucher: true, voucher_code: "CODE-1" });
    expect(h.time.now() - started).toBe(10_000);
    // Now it succeeded: no further re-activation.
    expect((await h.engine.orderUpdate(h.partner(), { order_id: id, status: 2 })).status).toBe(409);
    expect(await h.balanceOf()).toBe(10_000 - 950);
  });

  it("a reservation with activation activates after confirmation", async () => {
    const h = createHarness();
    const created = await h.engine.pay(h.partner(), { voucher_id: 2001, request: 1, activation: 1 });
    expect(created.body).toMatchObject({ order_status: 6, need_activation: 1, activation_voucher: "wait" });
    const updated = await h.time.run(h.engine.orderUpdate(h.partner(), { order_id: String(created.body.order_id), status: 2 }));
    expect(updated.body).toMatchObject({ order_status: 2, activation_voucher: true });
  });
});
