// Section 3 transitions for orders without reservation, the synchronous wait of 4.5
// (decision 14), delivery-time expiry (decision 15), refunds after success (decision 17) and
// GET /api/get_order_info (4.7).
import { afterEach, describe, expect, it } from "vitest";
import { P, S, SYNC_WAIT_SECONDS, V } from "./fixture";
import { asString, createHarness, type Harness } from "./harness";
import { expectBalanceOrder, expectError, expectKeysInOrder, expectStatus, expectVoucherOrder, VOUCHER_ORDER_KEYS, VOUCHER_ORDER_REQUIRED } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe("POST /api/pay without notifications: wait up to sync_wait_seconds", () => {
  it("returns the final status 2 as soon as it is known within the wait", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const start = h.time.now();
    const res = await client.pay({ voucher_id: V.mediumCode });
    const waited = h.time.now() - start;
    expectStatus(res.body, 2);
    expect(typeof res.body.voucher_code).toBe("string");
    expect(waited).toBeGreaterThanOrEqual(30 * SECOND);
    expect(waited).toBeLessThan(SYNC_WAIT_SECONDS * SECOND);
  });

  it("returns the final status 3 when the supplier declines within the wait", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.declineCode });
    expectStatus(res.body, 3);
    expectVoucherOrder(res.body, ["voucher_code", "voucher_code_2", "expiration_date_voucher"]);
  });

  it("returns pending (1) for a voucher code not final after the wait, then 2 via get_order_info", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const start = h.time.now();
    const res = await client.pay({ voucher_id: V.slowCode });
    const waited = h.time.now() - start;
    expect(waited).toBeGreaterThanOrEqual(SYNC_WAIT_SECONDS * SECOND);
    expect(waited).toBeLessThanOrEqual((SYNC_WAIT_SECONDS + 2) * SECOND);
    expectStatus(res.body, 1);
    expectVoucherOrder(res.body, ["voucher_code", "voucher_code_2", "expiration_date_voucher", "error_text"]);
    const orderId = asString(res.body.order_id);

    const midway = await client.orderInfo(orderId);
    expectStatus(midway.body, 1);

    await h.time.advance(2 * MINUTE);
    const done = await client.orderInfo(orderId);
    expectStatus(done.body, 2);
    expect(done.body.order_id).toBe(orderId);
    expect(typeof done.body.voucher_code).toBe("string");
  });

  it("returns 5 with need_activation 0 for a direct top-up still running, then 2", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.slowDirect, account: "42" });
    expectStatus(res.body, 5);
    expect(res.body.order_status_text).toBe("Balance replenishment is in progress");
    expect(res.body.need_activation).toBe(0);
    expectVoucherOrder(res.body, ["voucher_code", "voucher_code_2", "expiration_date_voucher"]);
    await h.time.advance(2 * MINUTE);
    expectStatus((await client.orderInfo(asString(res.body.order_id))).body, 2);
  });

  it("returns 5 for a balance top-up still running, then 2", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ game_id: S.slowWallet, account: "acc", amount: 20 });
    expectStatus(res.body, 5);
    expectBalanceOrder(res.body, ["error_text"]);
    await h.time.advance(2 * MINUTE);
    const done = await client.orderInfo(asString(res.body.order_id));
    expectStatus(done.body, 2);
    expectBalanceOrder(done.body);
  });

  it("debits when the order is accepted, also while it is still in progress (decision 17)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.slowCode });
    expectStatus(res.body, 1);
    expect(await client.balance()).toBe(997);
    await h.time.advance(2 * MINUTE);
    expect(await client.balance()).toBe(997);
  });
});

describe("delivery time and refunds", () => {
  it("ends an order still unfinished at delivery_time_max_minutes in 3 `delivery time exceeded`, refunded (decision 15)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const created = h.time.now();
    const res = await client.pay({ voucher_id: V.stallCode });
    expectStatus(res.body, 1);
    expect(await client.balance()).toBe(995);
    const orderId = asString(res.body.order_id);

    await h.time.advance(created + 9 * MINUTE - h.time.now());
    expectStatus((await client.orderInfo(orderId)).body, 1);

    await h.time.advance(created + 10 * MINUTE + SECOND - h.time.now());
    const ended = await client.orderInfo(orderId);
    expectStatus(ended.body, 3);
    expect(ended.body.error_text).toBe("delivery time exceeded");
    expect(await client.balance()).toBe(1000);
  });

  it("reports a refund after success as 3 with the reason, crediting amount_charged back once", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.refundCode });
    expectStatus(res.body, 2);
    expect(await client.balance()).toBe(994);
    const orderId = asString(res.body.order_id);

    await h.time.advance(119 * SECOND);
    expectStatus((await client.orderInfo(orderId)).body, 2);
    await h.time.advance(2 * SECOND);
    const refunded = await client.orderInfo(orderId);
    expectStatus(refunded.body, 3);
    expect(refunded.body.error_text).toBe("refunded by supplier");
    expect(Object.keys(refunded.body).at(-1)).toBe("error_text");
    expect(await client.balance()).toBe(1000);

    await h.time.advance(3 * 3_600_000);
    expect(await client.balance()).toBe(1000);
    expectStatus((await client.orderInfo(orderId)).body, 3);
  });
});

describe("GET /api/get_order_info", () => {
  it("answers the same body as /api/pay for a final voucher order, ext_order_id included", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const paid = await client.pay({ voucher_id: V.arenaTwoPart, ext_order_id: "Inv2026A" });
    const info = await client.orderInfo(asString(paid.body.order_id));
    expect(info.status).toBe(200);
    expect(Object.keys(info.body)).toEqual(Object.keys(paid.body));
    expect(info.body).toEqual(paid.body);
    expect(Object.keys(info.body).slice(3, 5)).toEqual(["order_id", "ext_order_id"]);
    expectKeysInOrder(info.body, VOUCHER_ORDER_KEYS, [...VOUCHER_ORDER_REQUIRED, "ext_order_id", "voucher_code", "voucher_code_2"]);
  });

  it("answers the same body as /api/pay for a balance order", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const paid = await client.pay({ game_id: S.wallet, account: "acc", amount: 3, ext_order_id: "W1" });
    const info = await client.orderInfo(asString(paid.body.order_id));
    expect(info.body).toEqual(paid.body);
    expect(Object.keys(info.body)).toEqual(Object.keys(paid.body));
  });

  it("answers the same body as /api/pay for a failed order", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const paid = await client.pay({ voucher_id: V.declineCode });
    const info = await client.orderInfo(asString(paid.body.order_id));
    expect(info.body).toEqual(paid.body);
    expect(Object.keys(info.body)).toEqual(Object.keys(paid.body));
  });

  it("400 naming order_id when it is missing", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.get("/api/get_order_info"), 400, ["order_id"]);
  });

  it.each(["", "abc", "12 3", "-5", "1.5"])("400 naming order_id for the invalid value %j (decision 10: digits)", async (value) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.get("/api/get_order_info", { order_id: value }), 400, ["order_id"]);
  });

  it("404 for an unknown order_id", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.orderInfo("987654321987"), 404);
  });

  it("treats order_id as a string: leading zeros name no order (404)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const paid = await client.pay({ voucher_id: V.arenaCode });
    const orderId = asString(paid.body.order_id);
    expectError(await client.orderInfo(`0${orderId}`), 404);
    expect((await client.orderInfo(orderId)).status).toBe(200);
  });

  it("answers a clear 4xx, never a 5xx, for an order_id beyond any integer range", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.orderInfo("9".repeat(40));
    expect([400, 404]).toContain(res.status);
    expect(res.body).toMatchObject({ success: false, error: res.status });
  });

  it("404 for another partner's order", async () => {
    h = createHarness();
    const owner = await h.as(P.main);
    const stranger = await h.as(P.other);
    const paid = await owner.pay({ voucher_id: V.arenaCode });
    expectError(await stranger.orderInfo(asString(paid.body.order_id)), 404);
  });

  it("401 without authorization", async () => {
    h = createHarness();
    expectError(await h.request("GET", "/api/get_order_info", { query: { order_id: "1" } }), 401);
  });
});
