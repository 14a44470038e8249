// Spec 4.5 POST /api/pay for `voucher` services: voucher_code and direct_topup delivery, the
// order body of 2.6, account rules of 2.4, decisions 2, 3, 4, 5, 14.
import { afterEach, describe, expect, it } from "vitest";
import { P, PLAYERS, S, V } from "./fixture";
import { asNumber, asString, createHarness, type Harness } from "./harness";
import { expectExactKeys, expectStatus, expectVoucherOrder, VOUCHER_ORDER_KEYS } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = 86_400_000;

describe("POST /api/pay – voucher_code delivery", () => {
  it("issues a code at once and answers the order of 2.6 in its exact field order", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const started = h.time.now();
    const res = await client.pay({ voucher_id: V.arenaCode });
    const finished = h.time.now();
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expectExactKeys(
      body,
      VOUCHER_ORDER_KEYS.filter((k) => !["ext_order_id", "account", "voucher_code_2", "activation_voucher", "error_text"].includes(k)),
      "voucher_code order",
    );
    expectStatus(body, 2);
    expect(body).toMatchObject({
      success: true,
      game_name: "Battle Arena Points",
      game_id: S.arena,
      voucher_id: V.arenaCode,
      voucher_name: "Battle Arena 100 Points",
      game_coins: 100,
      game_currency: "USD",
      delivery_method: "voucher_code",
      amount: 10,
      amount_currency: "USD",
      amount_charged: 9.5,
      amount_charged_currency: "USD",
      need_activation: 0,
      discount_rate: 5,
    });
    expect(asString(body.order_id)).toMatch(/^\d+$/);
    expect(asString(body.voucher_code).length).toBeGreaterThan(0);
    expect(typeof body.message).toBe("string");
    const expiry = asString(body.expiration_date_voucher);
    expect(expiry).toMatch(ISO_WITH_OFFSET);
    const expiresAt = Date.parse(expiry);
    expect(expiresAt).toBeGreaterThanOrEqual(started + 365 * DAY - 1000);
    expect(expiresAt).toBeLessThanOrEqual(finished + 365 * DAY + 1000);
  });

  it("issues voucher_code_2 for a two-part code, valid for the voucher's days", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const started = h.time.now();
    const res = await client.pay({ voucher_id: V.arenaTwoPart });
    const body = res.body;
    expectStatus(body, 2);
    expectVoucherOrder(body, ["account", "activation_voucher"]);
    expect(asString(body.voucher_code).length).toBeGreaterThan(0);
    expect(asString(body.voucher_code_2).length).toBeGreaterThan(0);
    expect(Object.keys(body).indexOf("voucher_code_2")).toBe(Object.keys(body).indexOf("voucher_code") + 1);
    const expiresAt = Date.parse(asString(body.expiration_date_voucher));
    expect(Math.abs(expiresAt - (started + 30 * DAY))).toBeLessThanOrEqual(2000);
    expect(body.amount_charged).toBe(19);
  });

  it("gives every order its own order_id and code", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const a = (await client.pay({ voucher_id: V.arenaCode })).body;
    const b = (await client.pay({ voucher_id: V.arenaCode })).body;
    expect(a.order_id).not.toBe(b.order_id);
    expect(a.voucher_code).not.toBe(b.voucher_code);
  });

  it("keeps order_id unique across partners (decision 10)", async () => {
    h = createHarness();
    const a = (await (await h.as(P.main)).pay({ voucher_id: V.arenaCode })).body;
    const b = (await (await h.as(P.other)).pay({ voucher_id: V.arenaCode })).body;
    expect(a.order_id).not.toBe(b.order_id);
  });

  it("accepts voucher_id as a decimal string (decision 2)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: String(V.arenaCode) });
    expect(res.status, res.text).toBe(200);
    expectStatus(res.body, 2);
    expect(res.body.voucher_id).toBe(V.arenaCode);
  });

  it("accepts explicit activation=0 and request=0 as the defaults", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.plainCode, activation: 0, request: 0, test: 0 });
    expect(res.status, res.text).toBe(200);
    expectStatus(res.body, 2);
    expect(res.body.need_activation).toBe(0);
    expect(res.body).not.toHaveProperty("activation_voucher");
  });
});

describe("POST /api/pay – direct_topup delivery", () => {
  it("tops up the account and returns no code, need_activation 0", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.skyDirect, account: PLAYERS.sky.account });
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expectStatus(body, 2);
    expectVoucherOrder(body, ["voucher_code", "voucher_code_2", "expiration_date_voucher", "activation_voucher", "ext_order_id"]);
    expect(body).toMatchObject({
      game_id: S.sky,
      voucher_id: V.skyDirect,
      delivery_method: "direct_topup",
      account: PLAYERS.sky.account,
      need_activation: 0,
      amount: 10,
      amount_charged: 10,
      discount_rate: 0,
    });
  });

  it("takes a player_id|zone_id account joined by the separator", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.mysticDirect, account: "12345678|1234" });
    expect(res.status, res.text).toBe(200);
    expectStatus(res.body, 2);
    expect(res.body.account).toBe("12345678|1234");
    expect(res.body.amount).toBe(3);
    expect(res.body.amount_charged).toBe(2.91);
    expect(res.body.discount_rate).toBe(3);
  });

  it("charges exactly the voucher's amount and names the currencies", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const before = await client.balance();
    const res = await client.pay({ voucher_id: V.arenaDirect, account: "900100200" });
    expectStatus(res.body, 2);
    expect(res.body.amount_charged).toBe(4.75);
    expect(res.body.amount_charged_currency).toBe("USD");
    expect(res.body.amount_currency).toBe("USD");
    expect(Math.round((before - (await client.balance())) * 100)).toBe(Math.round(asNumber(res.body.amount_charged) * 100));
  });
});
