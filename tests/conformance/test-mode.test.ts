// Test mode (test=1): spec sections 1, 3 (balance rule 3) and 4.5, decision 16.
import { afterEach, describe, expect, it } from "vitest";
import { P, S, TEST_ACCOUNT_WORD, V } from "./fixture";
import { asString, createHarness, type Harness } from "./harness";
import { expectBalanceOrder, expectError, expectStatus, expectVoucherOrder } from "./shapes";

let h: Harness;
afterEach(() => h.close());

describe("POST /api/pay with test=1", () => {
  it.each([TEST_ACCOUNT_WORD, "77778888"])("succeeds for the test account %s on a direct top-up, without debit", async (account) => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.skyDirect, account, test: 1 });
    expect(res.status, res.text).toBe(200);
    expectStatus(res.body, 2);
    expectVoucherOrder(res.body);
    expect(res.body.account).toBe(account);
    expect(await client.balance()).toBe(1000);
  });

  it("fails (status 3, HTTP 200) for any other account, without debit", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.skyDirect, account: "700100", test: 1 });
    expect(res.status).toBe(200);
    expectStatus(res.body, 3);
    expect(await client.balance()).toBe(1000);
  });

  it("treats a case variant of the test word as an ordinary account (fails)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.skyDirect, account: TEST_ACCOUNT_WORD.toUpperCase(), test: 1 });
    expectStatus(res.body, 3);
  });

  it("lets the test accounts pass a player_id|zone_id account_format (decision 16)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectStatus((await client.pay({ voucher_id: V.mysticDirect, account: TEST_ACCOUNT_WORD, test: 1 })).body, 2);
    expectStatus((await client.pay({ voucher_id: V.mysticDirect, account: "77778888", test: 1 })).body, 2);
    expect(await client.balance()).toBe(1000);
  });

  it("succeeds for a voucher_code purchase without account and issues a code, without debit", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.arenaCode, test: "1" });
    expectStatus(res.body, 2);
    expect(typeof res.body.voucher_code).toBe("string");
    expect(await client.balance()).toBe(1000);
  });

  it("succeeds for a balance top-up with a test account, without debit", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ game_id: S.wallet, account: "77778888", amount: 100, test: 1 });
    expectStatus(res.body, 2);
    expectBalanceOrder(res.body);
    expect(res.body.amount_charged).toBe(97.5);
    expect(await client.balance()).toBe(1000);
  });

  it("fails a balance top-up with another account", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectStatus((await client.pay({ game_id: S.wallet, account: "wallet-0001", amount: 100, test: 1 })).body, 3);
    expect(await client.balance()).toBe(1000);
  });

  it("does not contact the supplier: a declining supplier does not apply", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectStatus((await client.pay({ voucher_id: V.declineCode, test: 1 })).body, 2);
    expectStatus((await client.pay({ game_id: S.declineWallet, account: TEST_ACCOUNT_WORD, amount: 5, test: 1 })).body, 2);
  });

  it("does not contact the supplier: an unavailable supplier does not give 503", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.downCode, test: 1 });
    expect(res.status, res.text).toBe(200);
    expectStatus(res.body, 2);
  });

  it("skips the balance check: no 402 for a partner who cannot afford the order", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const res = await client.pay({ voucher_id: V.plainCode, test: 1 });
    expectStatus(res.body, 2);
    expect(await client.balance()).toBe(10);
  });

  it("still answers 503 for a service that is not avalible", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ voucher_id: V.offlineCode, test: 1 }), 503);
  });

  it("still validates the request: account for voucher_code is 400, no access is 403", async () => {
    h = createHarness();
    const main = await h.as(P.main);
    expect((await main.pay({ voucher_id: V.arenaCode, account: "77778888", test: 1 })).status).toBe(400);
    const limited = await h.as(P.limited);
    expectError(await limited.pay({ voucher_id: V.plainCode, test: 1 }), 403);
  });

  it("follows the reservation path: 6, then 2 on confirmation, never debiting", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const reserved = await client.pay({ voucher_id: V.arenaTwoPart, request: 1, test: 1 });
    expectStatus(reserved.body, 6);
    const confirmed = await client.orderUpdate(asString(reserved.body.order_id), 2);
    expect(confirmed.status, confirmed.text).toBe(200);
    expectStatus(confirmed.body, 2);
    expect(await client.balance()).toBe(10);
  });

  it("is readable through get_order_info like a real order", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.arenaCode, test: 1, ext_order_id: "T1" });
    const info = await client.orderInfo(asString(res.body.order_id));
    expect(info.body).toEqual(res.body);
  });
});
