// docs/partner-api-decisions.md item 18 through the engine: every status and activation_voucher change, in order,
// with the partner's headers; retries on the fixture's delays, then drop.
import { describe, expect, it } from "vitest";
import { createHarness, NOTIFY_URL } from "@/tests/support/sandbox/engine-harness";

describe("order notifications", () => {
  it("posts the body at every change, including the first, with notify_headers and JSON content type", async () => {
    const h = createHarness();
    const created = await h.engine.pay(h.partner(2), { voucher_id: 2001, activation: 1, ext_order_id: "N1" });
    await h.time.advance(20_000);
    expect(h.notifications.map((n) => [n.body.order_status, n.body.activation_voucher])).toEqual([
      [1, "wait"], [4, "wait"], [2, true],
    ]);
    const first = h.notifications[0]!;
    expect(first.url).toBe(NOTIFY_URL);
    expect(first.headers).toMatchObject({ "x-notify-secret": "s3cret", "content-type": "application/json" });
    expect(first.body).toEqual(created.body); // the body as it was at that change
    expect(h.notifications[2]!.body).toMatchObject({ ext_order_id: "N1", voucher_code: "CODE-1" });
    expect(h.notifications.map((n) => n.at - first.at)).toEqual([0, 5_000, 15_000]);
  });

  it("notifies an activation_voucher change without a status change (re-activation)", async () => {
    const h = createHarness({
      edit: (f) => void (f.services[1]!.supplier = { latency_seconds: 0, activation_seconds: 10, activation_fails: true }),
    });
    const created = await h.engine.pay(h.partner(2), { voucher_id: 2001, activation: 1 });
    await h.time.advance(10_000);
    await h.time.run(h.engine.orderUpdate(h.partner(2), { order_id: String(created.body.order_id), status: 2 }));
    await h.time.advance(0);
    expect(h.notifications.map((n) => [n.body.order_status, n.body.activation_voucher])).toEqual([
      [1, "wait"], [4, "wait"], [2, false], [2, "wait"], [2, true],
    ]);
  });

  it("retries after each delay of notify_retry_delays_seconds, then drops, keeping the order of changes", async () => {
    const h = createHarness({ respond: () => 500 });
    await h.engine.pay(h.partner(2), { game_id: 10, account: "a", amount: 10 });
    await h.time.advance(3_600_000);
    // 5 → 2 happens after 5 s, but its notification waits until 5's is dropped (1 + 2 attempts).
    const statuses = h.notifications.map((n) => [n.body.order_status, n.at - h.notifications[0]!.at]);
    expect(statuses).toEqual([
      [5, 0], [5, 10_000], [5, 70_000],
      [2, 70_000], [2, 80_000], [2, 140_000],
    ]);
  });

  it("stops at the first 2xx and moves on to the next change", async () => {
    let calls = 0;
    const h = createHarness({ respond: () => (++calls === 1 ? 503 : 204) });
    await h.engine.pay(h.partner(2), { game_id: 10, account: "a", amount: 10 });
    await h.time.advance(3_600_000);
    expect(h.notifications.map((n) => [n.body.order_status, n.at - h.notifications[0]!.at])).toEqual([
      [5, 0], [5, 10_000], [2, 10_000],
    ]);
  });

  it("counts no answer within 10 s as a failure and retries", async () => {
    let calls = 0;
    const h = createHarness({ respond: () => (++calls === 1 ? "hang" : 200) });
    await h.engine.pay(h.partner(2), { voucher_id: 2001, request: 1 });
    await h.time.advance(9_999);
    expect(h.notifications).toHaveLength(1);
    await h.time.advance(1 + 10_000);
    expect(h.notifications.map((n) => n.at - h.notifications[0]!.at)).toEqual([0, 20_000]);
    await h.time.advance(3_600_000);
    expect(h.notifications.map((n) => n.body.order_status)).toEqual([6, 6, 3]);
  });

  it("sends nothing for partners without notify_url", async () => {
    const h = createHarness();
    await h.time.run(h.engine.pay(h.partner(1), { voucher_id: 2001 }));
    await h.time.advance(3_600_000);
    expect(h.notifications).toEqual([]);
  });

  it("a new instance delivers the retry that a dead one left in the outbox", async () => {
    let calls = 0;
    const h = createHarness({ respond: () => (++calls === 1 ? 500 : 200) });
    const dead = h.newInstance({ deadTimers: true });
    const created = await dead.pay(h.partner(2), { voucher_id: 2001, request: 1 });
    dead.close();
    await h.time.advance(3_600_000 - 1); // its retry timer never fires
    expect(h.notifications).toHaveLength(1);
    const next = h.newInstance();
    await next.orderInfo(h.partner(2), { order_id: String(created.body.order_id) });
    await h.time.advance(1);
    expect(h.notifications.map((n) => n.body.order_status)).toEqual([6, 6, 3]);
    next.close();
  });
});
