// POST /api/order_update (4.6): the section 3 rows for status 6 and finalized orders,
// decisions 12, 12a, 13, 15, 17.
import { afterEach, describe, expect, it } from "vitest";
import { P, S, SYNC_WAIT_SECONDS, V } from "./fixture";
import { asString, createHarness, type Harness } from "./harness";
import { expectOrderUpdateBody, reserve } from "./reservations";
import { expectError, expectStatus } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe("POST /api/order_update", () => {
  it("6 → 2: issues the code, debits amount_charged, answers the 4.6 body with string ids", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaTwoPart);
    const res = await client.orderUpdate(orderId, 2);
    expect(res.status, res.text).toBe(200);
    expectOrderUpdateBody(res.body, 2);
    expect(res.body).toMatchObject({
      order_id: orderId,
      game_id: String(S.arena),
      voucher_id: String(V.arenaTwoPart),
      amount_charged: 19,
      need_activation: 0,
      activation_voucher: false,
    });
    expect(typeof res.body.voucher_code).toBe("string");
    expect(typeof res.body.voucher_code_2).toBe("string");
    expect(await client.balance()).toBe(981);
    // get_order_info keeps the /api/pay format (integer ids).
    const info = await client.orderInfo(orderId);
    expectStatus(info.body, 2);
    expect(info.body.game_id).toBe(S.arena);
    expect(info.body.voucher_id).toBe(V.arenaTwoPart);
    expect(info.body.voucher_code).toBe(res.body.voucher_code);
  });

  it("6 → 3: releases the reservation without debit; error_text is the last field", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaCode);
    const res = await client.orderUpdate(orderId, 3);
    expect(res.status, res.text).toBe(200);
    expectOrderUpdateBody(res.body, 3);
    expect(res.body).not.toHaveProperty("voucher_code");
    expect(await client.balance()).toBe(1000);
    expectStatus((await client.orderInfo(orderId)).body, 3);
  });

  it("accepts status as a digit string (decision 2)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaCode);
    const res = await client.post("/api/order_update", { order_id: orderId, status: "2" });
    expect(res.status, res.text).toBe(200);
    expectStatus(res.body, 2);
  });

  it("echoes the account of a reserved direct top-up", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaDirect, { account: "900100200" });
    const res = await client.orderUpdate(orderId, 2);
    expectOrderUpdateBody(res.body, 2);
    expect(res.body.account).toBe("900100200");
    expect(Object.keys(res.body).indexOf("account")).toBe(Object.keys(res.body).indexOf("game_currency") + 1);
  });

  it("waits up to sync_wait_seconds for the final result (decision 12a)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.mediumCode);
    const start = h.time.now();
    const res = await client.orderUpdate(orderId, 2);
    const waited = h.time.now() - start;
    expectOrderUpdateBody(res.body, 2);
    expect(waited).toBeGreaterThanOrEqual(30 * SECOND);
    expect(waited).toBeLessThan(SYNC_WAIT_SECONDS * SECOND);
  });

  it("answers the current status when not final within the wait (decision 12a)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.slowCode);
    const start = h.time.now();
    const res = await client.orderUpdate(orderId, 2);
    expect(h.time.now() - start).toBeGreaterThanOrEqual(SYNC_WAIT_SECONDS * SECOND);
    expectOrderUpdateBody(res.body, 1);
    expect(await client.balance()).toBe(997);
    await h.time.advance(2 * MINUTE);
    expectStatus((await client.orderInfo(orderId)).body, 2);
  });

  it("402 when the balance does not cover the charge; the order stays in 6 (decision 12)", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const orderId = await reserve(client, V.arenaTwoPart);
    expectError(await client.orderUpdate(orderId, 2), 402);
    const info = await client.orderInfo(orderId);
    expectStatus(info.body, 6);
    expect(info.body.activation_voucher).toBe("wait");
    expect(await client.balance()).toBe(10);
  });

  it("after a 402, a second status 2 succeeds once the balance covers the charge again", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const first = await reserve(client, V.refundCode);
    const second = await reserve(client, V.refundCode);
    expectOrderUpdateBody((await client.orderUpdate(first, 2)).body, 2);
    expect(await client.balance()).toBe(4);
    expectError(await client.orderUpdate(second, 2), 402);
    expectStatus((await client.orderInfo(second)).body, 6);
    // The supplier refunds the first order 120 s after success: 6.00 comes back.
    await h.time.advance(125 * SECOND);
    expect(await client.balance()).toBe(10);
    expectOrderUpdateBody((await client.orderUpdate(second, 2)).body, 2);
    expect(await client.balance()).toBe(4);
  });

  it("counts delivery time from confirmation for a reservation (decision 15)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.stallCode);
    await h.time.advance(20 * MINUTE);
    const confirmedAt = h.time.now();
    const res = await client.orderUpdate(orderId, 2);
    expectOrderUpdateBody(res.body, 1);
    expect(await client.balance()).toBe(995);
    await h.time.advance(confirmedAt + 9 * MINUTE - h.time.now());
    expectStatus((await client.orderInfo(orderId)).body, 1);
    await h.time.advance(confirmedAt + 10 * MINUTE + SECOND - h.time.now());
    const ended = await client.orderInfo(orderId);
    expectStatus(ended.body, 3);
    expect(ended.body.error_text).toBe("delivery time exceeded");
    expect(await client.balance()).toBe(1000);
  });

  it("concurrent status 2 and status 3 on one reservation: exactly one wins, the other is 101", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaCode);
    const [confirm, release] = await Promise.all([client.orderUpdate(orderId, 2), client.orderUpdate(orderId, 3)]);
    const statuses = [confirm.status, release.status].sort();
    expect(statuses).toEqual([200, 409]);
    const final = await client.orderInfo(orderId);
    if (confirm.status === 200) {
      expectStatus(final.body, 2);
      expect(await client.balance()).toBe(990.5);
    } else {
      expectStatus(final.body, 3);
      expect(await client.balance()).toBe(1000);
    }
  });

  it("concurrent status 2 twice on one reservation debits once", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaCode);
    const results = await Promise.all([client.orderUpdate(orderId, 2), client.orderUpdate(orderId, 2)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await client.balance()).toBe(990.5);
  });

  it("an order_id with leading zeros is another order_id (404), not the reservation", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaCode);
    expectError(await client.orderUpdate(`00${orderId}`, 2), 404);
    expectStatus((await client.orderInfo(orderId)).body, 6);
    expect(await client.balance()).toBe(1000);
  });

  describe("finalized orders are unchanged: error 101 (HTTP 409)", () => {
    it("2 → status 2 again without activation", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      const orderId = await reserve(client, V.arenaCode);
      await client.orderUpdate(orderId, 2);
      expectError(await client.orderUpdate(orderId, 2), 101);
      expect(await client.balance()).toBe(990.5);
    });

    it("2 → status 3", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      const orderId = await reserve(client, V.arenaCode);
      await client.orderUpdate(orderId, 2);
      expectError(await client.orderUpdate(orderId, 3), 101);
      expectStatus((await client.orderInfo(orderId)).body, 2);
      expect(await client.balance()).toBe(990.5);
    });

    it("3 → status 2 and 3 → status 3", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      const orderId = await reserve(client, V.arenaCode);
      await client.orderUpdate(orderId, 3);
      expectError(await client.orderUpdate(orderId, 2), 101);
      expectError(await client.orderUpdate(orderId, 3), 101);
      expectStatus((await client.orderInfo(orderId)).body, 3);
      expect(await client.balance()).toBe(1000);
    });

    it("an order not created with request=1 (decision 13)", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      const paid = await client.pay({ voucher_id: V.arenaCode });
      const orderId = asString(paid.body.order_id);
      expectError(await client.orderUpdate(orderId, 2), 101);
      expectError(await client.orderUpdate(orderId, 3), 101);
      expectStatus((await client.orderInfo(orderId)).body, 2);
    });

    it("a reservation refunded by the supplier after confirmation", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      const orderId = await reserve(client, V.refundCode);
      expectStatus((await client.orderUpdate(orderId, 2)).body, 2);
      await h.time.advance(5 * MINUTE);
      expectStatus((await client.orderInfo(orderId)).body, 3);
      expectError(await client.orderUpdate(orderId, 2), 101);
      expect(await client.balance()).toBe(1000);
    });

    it("a pending order not created with request=1 (decision 13)", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      const paid = await client.pay({ voucher_id: V.slowCode });
      expectStatus(paid.body, 1);
      expectError(await client.orderUpdate(asString(paid.body.order_id), 3), 101);
      expect(await client.balance()).toBe(997);
    });
  });

  describe("errors", () => {
    it("400 naming order_id when it is missing", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      expectError(await client.post("/api/order_update", { status: 2 }), 400, ["order_id"]);
    });

    it("400 naming status when it is missing", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      const orderId = await reserve(client, V.arenaCode);
      expectError(await client.post("/api/order_update", { order_id: orderId }), 400, ["status"]);
      expectStatus((await client.orderInfo(orderId)).body, 6);
    });

    it.each([1, 4, 5, 6, 0, "x", " 2", "2.0", "+2", true, [2], { s: 2 }, null])(
      "400 naming status for %j (only 2 or 3), order untouched",
      async (status) => {
        h = createHarness();
        const client = await h.as(P.main);
        const orderId = await reserve(client, V.arenaCode);
        expectError(await client.post("/api/order_update", { order_id: orderId, status }), 400, ["status"]);
        expectStatus((await client.orderInfo(orderId)).body, 6);
        expect(await client.balance()).toBe(1000);
      },
    );

    it.each([[12345], [{ id: "1" }], [true], [""]])("400 naming order_id for %j (a string of digits)", async (orderId) => {
      h = createHarness();
      const client = await h.as(P.main);
      expectError(await client.post("/api/order_update", { order_id: orderId, status: 2 }), 400, ["order_id"]);
    });

    it("404 for an unknown order_id", async () => {
      h = createHarness();
      const client = await h.as(P.main);
      expectError(await client.orderUpdate("987654321987", 2), 404);
    });

    it("404 for another partner's reservation, which stays in 6 (decision 13)", async () => {
      h = createHarness();
      const owner = await h.as(P.main);
      const stranger = await h.as(P.other);
      const orderId = await reserve(owner, V.arenaCode);
      expectError(await stranger.orderUpdate(orderId, 2), 404);
      expectError(await stranger.orderUpdate(orderId, 3), 404);
      expectStatus((await owner.orderInfo(orderId)).body, 6);
      expect(await stranger.balance()).toBe(1000);
      expect(await owner.balance()).toBe(1000);
    });

    it("401 without authorization", async () => {
      h = createHarness();
      expectError(await h.request("POST", "/api/order_update", { body: { order_id: "1", status: 2 } }), 401);
    });
  });
});
