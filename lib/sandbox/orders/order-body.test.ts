// docs/partner-api-decisions.md item 3: JSON key order is part of the contract. Each shape, with and without its
// optional fields.
import { describe, expect, it } from "vitest";
import { createHarness } from "@/tests/support/sandbox/engine-harness";

const keys = (body: Record<string, unknown>) => Object.keys(body);

describe("order bodies in spec field order", () => {
  it("2.5 balance order, pending and with ext_order_id", async () => {
    const h = createHarness();
    const body = (await h.engine.pay(h.partner(2), { game_id: 10, account: "acc", amount: 10, ext_order_id: "E1" })).body;
    expect(keys(body)).toEqual([
      "success", "order_id", "ext_order_id", "game_name", "game_id", "account", "amount", "amount_currency",
      "amount_charged", "amount_charged_currency", "message", "order_status", "order_status_text",
    ]);
    expect(body).toMatchObject({ order_id: expect.stringMatching(/^\d+$/), game_id: 10, amount: 10, amount_charged: 9.75 });
  });

  it("2.5 balance order failed: error_text last, no ext_order_id when not passed", async () => {
    const h = createHarness();
    const body = (await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "x", amount: 10, test: 1 }))).body;
    expect(keys(body)).toEqual([
      "success", "order_id", "game_name", "game_id", "account", "amount", "amount_currency",
      "amount_charged", "amount_charged_currency", "message", "order_status", "order_status_text", "error_text",
    ]);
  });

  it("2.6 voucher code issued with two parts and activation", async () => {
    const h = createHarness();
    const body = (await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2002, activation: 1, ext_order_id: "V1" }))).body;
    expect(keys(body)).toEqual([
      "success", "order_status", "order_status_text", "order_id", "ext_order_id", "game_name", "game_id",
      "voucher_id", "voucher_name", "game_coins", "game_currency", "delivery_method", "amount", "amount_currency",
      "amount_charged", "amount_charged_currency", "need_activation", "voucher_code", "voucher_code_2",
      "expiration_date_voucher", "activation_voucher", "message", "discount_rate",
    ]);
    expect(body.expiration_date_voucher).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    expect(body).toMatchObject({ game_id: 20, voucher_id: 2002, activation_voucher: true, need_activation: 1 });
  });

  it("2.6 direct top-up: account, no code fields, need_activation 0", async () => {
    const h = createHarness();
    const body = (await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2003, account: "1|2" }))).body;
    expect(keys(body)).toEqual([
      "success", "order_status", "order_status_text", "order_id", "game_name", "game_id", "voucher_id",
      "voucher_name", "game_coins", "game_currency", "delivery_method", "account", "amount", "amount_currency",
      "amount_charged", "amount_charged_currency", "need_activation", "message", "discount_rate",
    ]);
    expect(body).toMatchObject({ order_status: 2, need_activation: 0, account: "1|2", delivery_method: "direct_topup" });
  });

  it("2.6 reservation: activation_voucher 'wait'; failed: error_text last", async () => {
    const h = createHarness();
    const reserved = (await h.engine.pay(h.partner(), { voucher_id: 2001, request: 1 })).body;
    expect(keys(reserved)).toEqual([
      "success", "order_status", "order_status_text", "order_id", "game_name", "game_id", "voucher_id",
      "voucher_name", "game_coins", "game_currency", "delivery_method", "amount", "amount_currency",
      "amount_charged", "amount_charged_currency", "need_activation", "activation_voucher", "message", "discount_rate",
    ]);
    await h.time.advance(3_600_000);
    const expired = (await h.engine.orderInfo(h.partner(), { order_id: String(reserved.order_id) })).body;
    expect(keys(expired).at(-1)).toBe("error_text");
    expect(expired).not.toHaveProperty("activation_voucher"); // activation was not requested
  });

  it("/api/order_update: string ids, code before need_activation, boolean activation_voucher", async () => {
    const h = createHarness();
    const reserved = (await h.engine.pay(h.partner(), { voucher_id: 2002, request: 1 })).body;
    const body = (await h.time.run(h.engine.orderUpdate(h.partner(), { order_id: String(reserved.order_id), status: 2 }))).body;
    expect(keys(body)).toEqual([
      "success", "order_status", "order_status_text", "order_id", "game_name", "game_id", "voucher_id", "voucher_name",
      "game_coins", "game_currency", "amount", "amount_currency", "amount_charged", "amount_charged_currency",
      "voucher_code", "voucher_code_2", "need_activation", "expiration_date_voucher", "activation_voucher",
      "message", "discount_rate",
    ]);
    expect(body).toMatchObject({ game_id: "20", voucher_id: "2002", activation_voucher: false });
  });

  it("/api/order_update failed: error_text last", async () => {
    const h = createHarness();
    const reserved = (await h.engine.pay(h.partner(), { voucher_id: 2003, account: "1|2", request: 1 })).body;
    const body = (await h.engine.orderUpdate(h.partner(), { order_id: String(reserved.order_id), status: 3 })).body;
    expect(keys(body).slice(-4)).toEqual(["activation_voucher", "message", "discount_rate", "error_text"]);
    expect(body).toMatchObject({ account: "1|2", activation_voucher: false, success: false });
  });

  it("/api/balance: spec 2.2 with the current balance", async () => {
    const h = createHarness();
    await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2001 }));
    const body = (await h.engine.balance(h.partner())).body;
    expect(body).toEqual({ partner_id: 1, partner_name: "Partner 1", user_name: "user1", user_id: 101, balance: 90.5, currency: "USD" });
    expect(keys(body)).toEqual(["partner_id", "partner_name", "user_name", "user_id", "balance", "currency"]);
  });
});
