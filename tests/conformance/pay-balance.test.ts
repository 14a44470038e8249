// Spec 4.5 POST /api/pay for `balance` services: the order body of 2.5, amount handling
// (decisions 2 and 4), the bounds of amount, and the failure path (decision 8).
import { afterEach, describe, expect, it } from "vitest";
import { P, PLAYERS, S, V } from "./fixture";
import { createHarness, expectNoOrderWithExtId, type Harness } from "./harness";
import { BALANCE_ORDER_KEYS, expectBalanceOrder, expectError, expectExactKeys, expectStatus } from "./shapes";

let h: Harness;
afterEach(() => h.close());

describe("POST /api/pay – balance top-up", () => {
  it("tops up and answers the order of 2.5 in its exact field order", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ game_id: S.wallet, account: PLAYERS.wallet.account, amount: 10 });
    expect(res.status, res.text).toBe(200);
    expectExactKeys(res.body, BALANCE_ORDER_KEYS.filter((k) => k !== "ext_order_id" && k !== "error_text"), "balance order");
    expectStatus(res.body, 2);
    expect(res.body).toMatchObject({
      success: true,
      game_name: "Store Wallet",
      game_id: S.wallet,
      account: PLAYERS.wallet.account,
      amount: 10,
      amount_currency: "USD",
      amount_charged: 9.75,
      amount_charged_currency: "USD",
    });
    expect(res.body.order_id).toMatch(/^\d+$/);
    expect(typeof res.body.message).toBe("string");
  });

  it("rounds the charge half away from zero: 2.5 % off 1.00 charges 0.98 (decision 4)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ game_id: S.wallet, account: PLAYERS.wallet.account, amount: 1 });
    expectStatus(res.body, 2);
    expect(res.body.amount_charged).toBe(0.98);
    expect(await client.balance()).toBe(999.02);
  });

  it("accepts amount as a decimal string and game_id as a digit string (decision 2)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ game_id: String(S.wallet), account: PLAYERS.wallet.account, amount: "10.50" });
    expect(res.status, res.text).toBe(200);
    expectStatus(res.body, 2);
    expect(res.body.game_id).toBe(S.wallet);
    expect(res.body.amount).toBe(10.5);
    expect(res.body.amount_charged).toBe(10.24);
  });

  it("keeps cents exact over many small debits (decision 4: no binary float sums)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    for (let i = 0; i < 3; i += 1) {
      const res = await client.pay({ game_id: S.declineWallet, account: "acc", amount: 0.1 });
      expectStatus(res.body, 3);
    }
    for (let i = 0; i < 10; i += 1) {
      const res = await client.pay({ game_id: S.wallet, account: PLAYERS.wallet.account, amount: 1.1 });
      expect(res.body.amount_charged).toBe(1.07);
    }
    expect(await client.balance()).toBe(989.3);
  });

  it("accepts the bounds of amount inclusive", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectStatus((await client.pay({ game_id: S.wallet, account: "acc-1", amount: 1 })).body, 2);
    expectStatus((await client.pay({ game_id: S.wallet, account: "acc-2", amount: 500 })).body, 2);
  });

  it.each([
    ["below min_amount", 0.99],
    ["above max_amount", 500.01],
    ["zero", 0],
    ["negative", -5],
    ["negative as a string", "-5"],
    ["a word", "ten"],
    ["a string with a space", " 10"],
    ["an exponent string", "1e1"],
    ["a plus sign", "+10"],
    ["hexadecimal", "0x10"],
    ["an empty string", ""],
    ["a boolean", true],
    ["an object", { value: 10 }],
    ["an array", [10]],
    ["null", null],
  ])("answers 400 naming amount when it is %s, with no order and no debit", async (_name, amount) => {
    h = createHarness();
    const client = await h.as(P.main);
    const before = await client.balance();
    const res = await client.pay({ game_id: S.wallet, account: PLAYERS.wallet.account, amount, ext_order_id: "badamount1" });
    expectError(res, 400, ["amount"]);
    expect(await client.balance()).toBe(before);
    await expectNoOrderWithExtId(client, "badamount1", V.plainCode);
  });

  it("answers 400 naming amount when it is missing", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ game_id: S.wallet, account: PLAYERS.wallet.account }), 400, ["amount"]);
  });

  it("answers 400 naming account when it is missing (balance services have no delivery_method)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ game_id: S.wallet, amount: 10 }), 400, ["account"]);
  });

  it.each([
    ["a number", 12345],
    ["an object", { id: "x" }],
    ["a boolean", false],
    ["empty", ""],
  ])("answers 400 naming account when it is %s", async (_name, account) => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ game_id: S.wallet, account, amount: 10 });
    expect(res.status).toBe(400);
    expect(String(res.body.error_text).toLowerCase()).toContain("account");
  });

  it("answers a failed top-up as HTTP 200 with success=false, status 3 and error_text (decision 8)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const before = await client.balance();
    const res = await client.pay({ game_id: S.declineWallet, account: "acc", amount: 10 });
    expect(res.status).toBe(200);
    expectExactKeys(res.body, BALANCE_ORDER_KEYS.filter((k) => k !== "ext_order_id"), "failed balance order");
    expectStatus(res.body, 3);
    expect(res.body.error_text).toBe("supplier declined the order");
    expect(await client.balance()).toBe(before);
  });

  it("returns ext_order_id right after order_id when given", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ game_id: S.wallet, account: "acc", amount: 5, ext_order_id: "Shop42" });
    expectBalanceOrder(res.body, ["error_text"]);
    expect(Object.keys(res.body).slice(0, 3)).toEqual(["success", "order_id", "ext_order_id"]);
    expect(res.body.ext_order_id).toBe("Shop42");
  });
});
