// Order status notifications: spec section 6, 4.5 synchronous/asynchronous rule 1, the first
// transition row of section 3, and decision 18 (headers, retries, ordering, dropping).
import { afterEach, describe, expect, it } from "vitest";
import { NOTIFY_HEADERS, NOTIFY_URL, P, RESERVATION_TTL_SECONDS, S, V } from "./fixture";
import { asString, createHarness, type Harness, type JsonObject, type NotifyCall } from "./harness";
import { BALANCE_ORDER_KEYS, expectBalanceOrder, expectKeysInOrder, expectStatus, expectVoucherOrder, VOUCHER_ORDER_KEYS, VOUCHER_ORDER_REQUIRED } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const statuses = (calls: NotifyCall[]) => calls.map((c) => c.body.order_status);

/**
 * Spec 4.5 rule 1 and the first row of section 3 say the first answer is pending (1); the row
 * "direct top-up still running → 5" and the fixture format's "meanwhile 5 for balance services
 * and direct top-ups" name 5 as the in-progress status of top-ups. Either is an in-progress
 * answer; a final status is not.
 */
function expectFirstAnswerPending(body: JsonObject): void {
  expect([1, 5]).toContain(body.order_status);
  expectStatus(body, Number(body.order_status));
}

describe("POST /api/pay with notifications enabled", () => {
  it("answers pending (1) at once, then POSTs 1 and the final 2 to the partner URL", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const start = h.time.now();
    const res = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Hook1" });
    expect(h.time.now() - start).toBeLessThan(2 * SECOND);
    expectStatus(res.body, 1);
    expectVoucherOrder(res.body, ["voucher_code", "error_text"]);
    expect(res.body.ext_order_id).toBe("Hook1");
    const orderId = asString(res.body.order_id);

    await h.time.advance(5 * SECOND);
    const calls = h.notify.forOrder(orderId);
    expect(statuses(calls)).toEqual([1, 2]);
    for (const call of calls) {
      expect(call.url).toBe(NOTIFY_URL);
      expect(call.method).toBe("POST");
      expect(call.headers.get("content-type") ?? "").toMatch(/application\/json/);
      for (const [name, value] of Object.entries(NOTIFY_HEADERS)) expect(call.headers.get(name)).toBe(value);
      expect(call.body.ext_order_id).toBe("Hook1");
      expectKeysInOrder(call.body, VOUCHER_ORDER_KEYS, [...VOUCHER_ORDER_REQUIRED, "ext_order_id"]);
    }
    // The final notification is the body get_order_info answers, field order included.
    const info = await client.orderInfo(orderId);
    const last = calls.at(-1);
    expect(last?.body).toEqual(info.body);
    expect(Object.keys(last?.body ?? {})).toEqual(Object.keys(info.body));
    expect(typeof info.body.voucher_code).toBe("string");
    expect(h.notify.calls.every((c) => c.body.order_id === orderId)).toBe(true);
  });

  it("notifies a balance top-up in the body of 2.5", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const res = await client.pay({ game_id: S.wallet, account: "acc", amount: 10 });
    expectFirstAnswerPending(res.body);
    expectBalanceOrder(res.body, ["error_text"]);
    await h.time.advance(5 * SECOND);
    const calls = h.notify.forOrder(asString(res.body.order_id));
    expect(statuses(calls).at(-1)).toBe(2);
    for (const call of calls) expectKeysInOrder(call.body, BALANCE_ORDER_KEYS, ["success", "order_id", "game_id", "order_status", "order_status_text"]);
    expect(calls.at(-1)?.body.amount_charged).toBe(9.75);
  });

  it("debits at acceptance even though the first answer is pending (decision 17)", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    await client.pay({ voucher_id: V.arenaCode });
    expect(await client.balance()).toBe(490.5);
  });

  it("notifies a supplier's decline as 3 with error_text and credits the charge back", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.declineCode });
    expectStatus(res.body, 1);
    await h.time.advance(5 * SECOND);
    const calls = h.notify.forOrder(asString(res.body.order_id));
    expect(statuses(calls)).toEqual([1, 3]);
    expect(calls.at(-1)?.body).toMatchObject({ success: false, error_text: "supplier declined the order" });
    expect(await client.balance()).toBe(500);
  });

  it("notifies pending, any intermediate 5, and the final 2 of a slow direct top-up", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.slowDirect, account: "42" });
    expectFirstAnswerPending(res.body);
    expect(res.body.need_activation).toBe(0);
    await h.time.advance(3 * MINUTE);
    const seen = statuses(h.notify.forOrder(asString(res.body.order_id)));
    expect([[1, 2], [1, 5, 2], [5, 2]]).toContainEqual(seen);
    expect(seen[0]).toBe(res.body.order_status);
  });

  it("notifies a refund after success as 3 with the reason", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.refundCode });
    await h.time.advance(5 * MINUTE);
    const calls = h.notify.forOrder(asString(res.body.order_id));
    expect(statuses(calls)).toEqual([1, 2, 3]);
    expect(calls.at(-1)?.body.error_text).toBe("refunded by supplier");
  });

  it("answers 6 at once for a reservation and notifies 6, then the confirmed result", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.arenaCode, request: 1 });
    expectStatus(res.body, 6);
    const orderId = asString(res.body.order_id);
    await h.time.advance(5 * SECOND);
    const reserved = h.notify.forOrder(orderId);
    expect(statuses(reserved)).toEqual([6]);
    expect(reserved[0]?.body.activation_voucher).toBe("wait");

    const confirmed = await client.orderUpdate(orderId, 2);
    expectStatus(confirmed.body, 2);
    await h.time.advance(5 * SECOND);
    const seen = statuses(h.notify.forOrder(orderId));
    expect(seen[0]).toBe(6);
    expect(seen.at(-1)).toBe(2);
    expect(typeof h.notify.forOrder(orderId).at(-1)?.body.voucher_code).toBe("string");
  });

  it("order_update status 2 still waits for the final result with notifications enabled (decision 12a)", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const reserved = await client.pay({ voucher_id: V.mediumCode, request: 1 });
    expectStatus(reserved.body, 6);
    const start = h.time.now();
    const confirmed = await client.orderUpdate(asString(reserved.body.order_id), 2);
    expect(h.time.now() - start).toBeGreaterThanOrEqual(30 * SECOND);
    expectStatus(confirmed.body, 2);
    expect(typeof confirmed.body.voucher_code).toBe("string");
  });

  it("notifies a change of activation_voucher (failed activation, then a successful retry)", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.flakyActivationCode, activation: 1 });
    const orderId = asString(res.body.order_id);
    await h.time.advance(5 * SECOND);
    const before = h.notify.forOrder(orderId);
    expect(before.at(-1)?.body).toMatchObject({ order_status: 2, activation_voucher: false });

    const retry = await client.orderUpdate(orderId, 2);
    expect(retry.body.activation_voucher).toBe(true);
    await h.time.advance(5 * SECOND);
    const after = h.notify.forOrder(orderId).slice(before.length);
    // The retry is notified (possibly through an intermediate "wait"); the status stays 2.
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(statuses(after).every((s) => s === 2)).toBe(true);
    expect(after.at(-1)?.body).toMatchObject({ order_status: 2, activation_voucher: true });
  });

  it("notifies test-mode orders too", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const res = await client.pay({ voucher_id: V.arenaCode, test: 1 });
    await h.time.advance(5 * SECOND);
    expect(statuses(h.notify.forOrder(asString(res.body.order_id))).at(-1)).toBe(2);
    expect(await client.balance()).toBe(500);
  });

  it("pushes a reservation's expiry within a second of the TTL, without any read (decision 12)", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const reservedAt = h.time.now();
    const res = await client.pay({ voucher_id: V.arenaCode, request: 1 });
    const orderId = asString(res.body.order_id);
    await h.time.advance(reservedAt + (RESERVATION_TTL_SECONDS + 1) * SECOND - h.time.now());
    const calls = h.notify.forOrder(orderId);
    expect(statuses(calls)).toEqual([6, 3]);
    expect(calls[1]?.body.error_text).toBe("reservation expired");
    expect(calls[1]?.at ?? 0).toBeGreaterThanOrEqual(reservedAt + RESERVATION_TTL_SECONDS * SECOND);
    expect(calls[1]?.at ?? 0).toBeLessThanOrEqual(reservedAt + (RESERVATION_TTL_SECONDS + 1) * SECOND);
    expect(await client.balance()).toBe(500);
  });

  it("pushes the delivery-time expiry as 3 `delivery time exceeded` and refunds (decision 15)", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const createdAt = h.time.now();
    const res = await client.pay({ voucher_id: V.stallCode });
    expect(await client.balance()).toBe(495);
    await h.time.advance(createdAt + 10 * MINUTE + SECOND - h.time.now());
    const calls = h.notify.forOrder(asString(res.body.order_id));
    expect(statuses(calls)).toEqual([1, 3]);
    expect(calls[1]?.body.error_text).toBe("delivery time exceeded");
    expect(await client.balance()).toBe(500);
  });

  it("sends nothing for a rejected /api/pay", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    expect((await client.pay({ voucher_id: V.downCode })).status).toBe(503);
    expect((await client.pay({ voucher_id: V.arenaCode, account: "x" })).status).toBe(400);
    expect((await client.pay({ voucher_id: 999999 })).status).toBe(404);
    await h.time.advance(10 * MINUTE);
    expect(h.notify.calls).toEqual([]);
    expect(await client.balance()).toBe(500);
  });

  it("sends nothing for a partner without notify_url", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    await client.pay({ voucher_id: V.arenaCode });
    await client.pay({ voucher_id: V.refundCode });
    await h.time.advance(10 * MINUTE);
    expect(h.notify.calls).toEqual([]);
  });
});
