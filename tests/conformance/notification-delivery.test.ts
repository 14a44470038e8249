// Notification delivery: 2xx ends it, anything else is retried after each delay of
// notify_retry_delays_seconds, then dropped; one order's notifications go in order (decision 18).
import { afterEach, describe, expect, it } from "vitest";
import { P, RETRY_DELAYS_SECONDS, V } from "./fixture";
import { asString, createHarness, type Harness, type NotifyCall } from "./harness";

let h: Harness;
afterEach(() => h.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const statuses = (calls: NotifyCall[]) => calls.map((c) => c.body.order_status);

describe("notification delivery and retries (decision 18)", () => {
  const [d1 = 0, d2 = 0, d3 = 0] = RETRY_DELAYS_SECONDS;

  it("retries after each configured delay until a 2xx, keeping the body as it was at the change", async () => {
    h = createHarness();
    h.notify.script = (call, attempt) => (call.body.order_status === 1 && attempt <= 2 ? 500 : 200);
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.arenaCode });
    const orderId = asString(res.body.order_id);
    await h.time.advance(10 * MINUTE);

    const calls = h.notify.forOrder(orderId);
    expect(statuses(calls)).toEqual([1, 1, 1, 2]);
    const t0 = calls[0]?.at ?? 0;
    expect((calls[1]?.at ?? 0) - t0).toBe(d1 * SECOND);
    expect((calls[2]?.at ?? 0) - t0).toBe((d1 + d2) * SECOND);
    // The status-1 retries still carry the status-1 body although the order is 2 by then.
    expect(calls[2]?.text).toBe(calls[0]?.text);
    // The newer notification waits for the older one to be delivered.
    expect(calls[3]?.at ?? 0).toBeGreaterThanOrEqual(calls[2]?.at ?? 0);
  });

  it("drops a notification after the last retry, then sends the next one", async () => {
    h = createHarness();
    h.notify.script = (call) => (call.body.order_status === 1 ? 503 : 200);
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.arenaCode });
    const orderId = asString(res.body.order_id);

    await h.time.advance((d1 + d2 + d3 - 1) * SECOND);
    expect(statuses(h.notify.forOrder(orderId))).toEqual([1, 1, 1]);

    await h.time.advance(3 * 3_600_000);
    const calls = h.notify.forOrder(orderId);
    expect(statuses(calls)).toEqual([1, 1, 1, 1, 2]);
    const t0 = calls[0]?.at ?? 0;
    expect((calls[3]?.at ?? 0) - t0).toBe((d1 + d2 + d3) * SECOND);
    expect(calls[4]?.at ?? 0).toBeGreaterThanOrEqual(calls[3]?.at ?? 0);
  });

  it("holds a refund's 3 back until the failing 2 before it is delivered", async () => {
    h = createHarness();
    h.notify.script = (call, attempt) => (call.body.order_status === 2 && attempt <= 3 ? 500 : 200);
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.refundCode });
    await h.time.advance(20 * MINUTE);
    const calls = h.notify.forOrder(asString(res.body.order_id));
    expect(statuses(calls)).toEqual([1, 2, 2, 2, 2, 3]);
    const firstTwo = calls[1]?.at ?? 0;
    expect((calls[4]?.at ?? 0) - firstTwo).toBe((d1 + d2 + d3) * SECOND);
    // The refund happened ~120 s after the sale, but its notification waits for the 2.
    expect(calls[5]?.at ?? 0).toBeGreaterThanOrEqual(calls[4]?.at ?? 0);
    expect(calls[5]?.body.error_text).toBe("refunded by supplier");
  });

  it("treats a network error like a failed delivery and retries", async () => {
    h = createHarness();
    h.notify.script = (call, attempt) => (call.body.order_status === 1 && attempt === 1 ? "throw" : 200);
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.arenaCode });
    await h.time.advance(5 * MINUTE);
    const calls = h.notify.forOrder(asString(res.body.order_id));
    expect(statuses(calls)).toEqual([1, 1, 2]);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBe(d1 * SECOND);
  });

  it("treats no answer within 10 s as a failure and retries", async () => {
    h = createHarness();
    h.notify.script = (call, attempt) => (call.body.order_status === 1 && attempt === 1 ? "hang" : 200);
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.arenaCode });
    await h.time.advance(5 * MINUTE);
    const calls = h.notify.forOrder(asString(res.body.order_id));
    expect(statuses(calls)).toEqual([1, 1, 2]);
    const gap = (calls[1]?.at ?? 0) - (calls[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(d1 * SECOND);
    expect(gap).toBeLessThanOrEqual((10 + d1) * SECOND);
  });

  it.each([201, 202, 204])("accepts HTTP %i as delivered", async (status) => {
    h = createHarness();
    h.notify.script = () => status;
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.arenaCode });
    await h.time.advance(30 * MINUTE);
    expect(statuses(h.notify.forOrder(asString(res.body.order_id)))).toEqual([1, 2]);
  });

  it.each([301, 400, 404, 429])("retries after HTTP %i", async (status) => {
    h = createHarness();
    h.notify.script = (call, attempt) => (call.body.order_status === 1 && attempt === 1 ? status : 200);
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.arenaCode });
    await h.time.advance(5 * MINUTE);
    expect(statuses(h.notify.forOrder(asString(res.body.order_id)))).toEqual([1, 1, 2]);
  });

  it("keeps order per order but does not hold back another order's notifications", async () => {
    h = createHarness();
    h.notify.script = (call) => (call.body.ext_order_id === "Stuck" && call.body.order_status === 1 ? 500 : 200);
    const client = await h.as(P.hooked);
    const stuck = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Stuck" });
    const stuckId = asString(stuck.body.order_id);
    // Let the first attempt of the stuck order fail before the second order exists.
    await h.time.advance(SECOND);
    const free = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Free" });
    const freeId = asString(free.body.order_id);
    await h.time.advance(5 * SECOND);
    expect(statuses(h.notify.forOrder(freeId))).toEqual([1, 2]);
    expect(statuses(h.notify.forOrder(stuckId))).not.toContain(2);
  });
});
