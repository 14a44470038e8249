// Activation (4.5 `activation`, status 4 of section 3, the re-activation row of order_update,
// the fixture's supplier simulation, docs/partner-api-decisions.md 12a, 14, 25).
import { afterEach, describe, expect, it } from "vitest";
import { P, SYNC_WAIT_SECONDS, V } from "./fixture";
import { asString, createHarness, type Harness } from "./harness";
import { expectError, expectStatus, expectVoucherOrder } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const SECOND = 1000;

describe("activation=1 on an auto-activation service", () => {
  it("issues the code, activates within the wait and answers 2 with activation_voucher true, need_activation 1", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const start = h.time.now();
    const res = await client.pay({ voucher_id: V.arenaCode, activation: 1 });
    const waited = h.time.now() - start;
    expectStatus(res.body, 2);
    expectVoucherOrder(res.body);
    expect(res.body.need_activation).toBe(1);
    expect(res.body.activation_voucher).toBe(true);
    expect(typeof res.body.voucher_code).toBe("string");
    expect(waited).toBeGreaterThanOrEqual(30 * SECOND);
    expect(waited).toBeLessThan(SYNC_WAIT_SECONDS * SECOND);
    expect(await client.balance()).toBe(990.5);
  });

  it("answers status 4 `Voucher activation in progress` with the code when activation outlasts the wait, then 2", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.longActivationCode, activation: "1" });
    expectStatus(res.body, 4);
    expect(res.body.order_status_text).toBe("Voucher activation in progress");
    expectVoucherOrder(res.body);
    expect(typeof res.body.voucher_code).toBe("string");
    expect(res.body.need_activation).toBe(1);
    expect(res.body).toHaveProperty("activation_voucher");
    // Status 4: funds debited.
    expect(await client.balance()).toBe(992);
    await h.time.advance(60 * SECOND);
    const done = await client.orderInfo(asString(res.body.order_id));
    expectStatus(done.body, 2);
    expect(done.body.activation_voucher).toBe(true);
    expect(done.body.voucher_code).toBe(res.body.voucher_code);
    expect(await client.balance()).toBe(992);
  });

  it("a failed first activation leaves status 2 with activation_voucher false; order_update 2 retries once it failed", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.flakyActivationCode, activation: 1 });
    expectStatus(res.body, 2);
    expect(res.body.activation_voucher).toBe(false);
    expect(res.body.need_activation).toBe(1);
    const orderId = asString(res.body.order_id);
    const code = res.body.voucher_code;
    expect(await client.balance()).toBe(993);

    const retry = await client.orderUpdate(orderId, 2);
    expect(retry.status, retry.text).toBe(200);
    expectStatus(retry.body, 2);
    expect(retry.body.activation_voucher).toBe(true);
    // Only a repeated activation attempt is made: same code, no second debit.
    expect(retry.body.voucher_code).toBe(code);
    expect(await client.balance()).toBe(993);

    const info = await client.orderInfo(orderId);
    expect(info.body.activation_voucher).toBe(true);
    // Activation succeeded: the re-activation case no longer applies.
    expectError(await client.orderUpdate(orderId, 2), 101);
  });

  it("order_update 3 on a failed-activation order is not allowed (101), status stays 2", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.flakyActivationCode, activation: 1 });
    const orderId = asString(res.body.order_id);
    expectError(await client.orderUpdate(orderId, 3), 101);
    expectStatus((await client.orderInfo(orderId)).body, 2);
    expect(await client.balance()).toBe(993);
  });

  it("without activation requested, a flaky-activation voucher is issued without activation and cannot be re-activated", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.flakyActivationCode });
    expectStatus(res.body, 2);
    expect(res.body.need_activation).toBe(0);
    expect(res.body).not.toHaveProperty("activation_voucher");
    expectError(await client.orderUpdate(asString(res.body.order_id), 2), 101);
  });
});

describe("activation together with reservation", () => {
  it("6 with activation_voucher \"wait\" and need_activation 1; confirmation issues and activates", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const reserved = await client.pay({ voucher_id: V.arenaCode, activation: 1, request: 1 });
    expectStatus(reserved.body, 6);
    expect(reserved.body.activation_voucher).toBe("wait");
    expect(reserved.body.need_activation).toBe(1);
    expect(reserved.body).not.toHaveProperty("voucher_code");

    const confirmed = await client.orderUpdate(asString(reserved.body.order_id), 2);
    expectStatus(confirmed.body, 2);
    expect(confirmed.body.activation_voucher).toBe(true);
    expect(confirmed.body.need_activation).toBe(1);
    expect(typeof confirmed.body.voucher_code).toBe("string");
    expect(await client.balance()).toBe(990.5);
  });

  it("a reserved order whose activation fails can be re-activated through order_update 2", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const reserved = await client.pay({ voucher_id: V.flakyActivationCode, activation: 1, request: 1 });
    const orderId = asString(reserved.body.order_id);
    const first = await client.orderUpdate(orderId, 2);
    expectStatus(first.body, 2);
    expect(first.body.activation_voucher).toBe(false);
    const second = await client.orderUpdate(orderId, 2);
    expectStatus(second.body, 2);
    expect(second.body.activation_voucher).toBe(true);
    expect(second.body.voucher_code).toBe(first.body.voucher_code);
    expect(await client.balance()).toBe(993);
  });

  it("a reservation confirmed without activation requested answers activation_voucher false", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const reserved = await client.pay({ voucher_id: V.arenaCode, request: 1 });
    const confirmed = await client.orderUpdate(asString(reserved.body.order_id), 2);
    expect(confirmed.body.activation_voucher).toBe(false);
    expect(confirmed.body.need_activation).toBe(0);
  });
});
