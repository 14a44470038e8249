// Reservation through POST /api/pay with request=1 (4.5, section 3 row "→ 6") and reservation
// expiry (decision 12). Confirmation and release are in order-update.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { P, RESERVATION_TTL_SECONDS, V } from "./fixture";
import { asString, createHarness, type Harness } from "./harness";
import { reserve } from "./reservations";
import { expectError, expectStatus, expectVoucherOrder } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe("POST /api/pay with request=1", () => {
  it("reserves at once: status 6, code withheld, activation_voucher \"wait\", balance not debited", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const start = h.time.now();
    const res = await client.pay({ voucher_id: V.arenaCode, request: 1 });
    expect(h.time.now() - start).toBeLessThan(2 * SECOND);
    expectStatus(res.body, 6);
    expect(res.body.order_status_text).toBe("Waiting for payment confirmation");
    expectVoucherOrder(res.body, ["voucher_code", "voucher_code_2", "expiration_date_voucher", "error_text"]);
    expect(res.body.activation_voucher).toBe("wait");
    expect(await client.balance()).toBe(1000);
  });

  it("does not check the balance when reserving (decision 12)", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    await reserve(client, V.arenaTwoPart);
    expect(await client.balance()).toBe(10);
  });

  it("accepts request as a digit string", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectStatus((await client.pay({ voucher_id: V.arenaCode, request: "1" })).body, 6);
  });

  it("stays in 6 with activation_voucher \"wait\" when read back", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaCode);
    await h.time.advance(10 * MINUTE);
    const info = await client.orderInfo(orderId);
    expectStatus(info.body, 6);
    expect(info.body.activation_voucher).toBe("wait");
    expect(info.body).not.toHaveProperty("voucher_code");
  });
});

describe("reservation expiry (decision 12)", () => {
  it("moves an unconfirmed reservation to 3 `reservation expired` by the TTL, without debit", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const reservedAt = h.time.now();
    const res = await client.pay({ voucher_id: V.arenaCode, request: 1 });
    const orderId = asString(res.body.order_id);
    await h.time.advance(reservedAt + (RESERVATION_TTL_SECONDS - 2) * SECOND - h.time.now());
    expectStatus((await client.orderInfo(orderId)).body, 6);
    await h.time.advance(reservedAt + (RESERVATION_TTL_SECONDS + 2) * SECOND - h.time.now());
    const expired = await client.orderInfo(orderId);
    expectStatus(expired.body, 3);
    expect(expired.body.error_text).toBe("reservation expired");
    expect(expired.body).not.toHaveProperty("voucher_code");
    expect(await client.balance()).toBe(1000);
    expectError(await client.orderUpdate(orderId, 2), 101);
    expect(await client.balance()).toBe(1000);
  });

  it("does not expire a reservation confirmed before the TTL", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const orderId = await reserve(client, V.arenaCode);
    await h.time.advance((RESERVATION_TTL_SECONDS - 60) * SECOND);
    expectStatus((await client.orderUpdate(orderId, 2)).body, 2);
    await h.time.advance(2 * RESERVATION_TTL_SECONDS * SECOND);
    expectStatus((await client.orderInfo(orderId)).body, 2);
    expect(await client.balance()).toBe(990.5);
  });
});
