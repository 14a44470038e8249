// Spec 4.5 error table of POST /api/pay, one test per row, plus decisions 6–8b, 24, 25.
// Every rejected call must leave the balance untouched and create no order.
import { afterEach, describe, expect, it } from "vitest";
import { P, S, V } from "./fixture";
import { createHarness, expectNoOrderWithExtId, type Harness, type JsonObject, type PartnerClient } from "./harness";
import { expectAccountValidationError, expectError } from "./shapes";

let h: Harness;
afterEach(() => h.close());

/** Send `body` with a probe ext_order_id and check nothing changed afterwards. */
async function rejected(client: PartnerClient, body: JsonObject, ext = "probe1", probeVoucher: number = V.plainCode) {
  const before = await client.balance();
  const res = await client.pay({ ...body, ext_order_id: ext });
  expect(await client.balance(), "balance after a rejected /api/pay").toBe(before);
  await expectNoOrderWithExtId(client, ext, probeVoucher);
  return res;
}

describe("POST /api/pay – 400 rows", () => {
  it("400 when neither game_id nor voucher_id is sent", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await rejected(client, { account: "x" });
    const body = expectError(res, 400);
    expect(String(body.error_text)).toMatch(/game_id|voucher_id/);
  });

  it("400 naming voucher_id when a voucher service is ordered by game_id, even with account and amount", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { game_id: S.arena, account: "900100200", amount: 5 }), 400, ["voucher_id"]);
  });

  it("400 naming account for a balance top-up without account", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { game_id: S.wallet, amount: 5 }), 400, ["account"]);
  });

  it("400 naming amount for an invalid amount", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { game_id: S.wallet, account: "acc", amount: "1e3" }), 400, ["amount"]);
  });

  it("400 naming activation when the service has no automatic activation (decision 25)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.plainCode, activation: 1 }), 400, ["activation"]);
  });

  it("400 naming activation for a direct_topup voucher (decision 25)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.arenaDirect, account: "900100200", activation: 1 }), 400, ["activation"]);
  });

  it("400 naming request when the service has no reservation", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.plainCode, request: 1 }), 400, ["request"]);
  });

  it.each([2, -1, "yes", true])("400 naming activation when it is %j (only 0 or 1)", async (activation) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.arenaCode, activation }), 400, ["activation"]);
  });

  it.each([2, "true", false])("400 naming request when it is %j (only 0 or 1)", async (request) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.arenaCode, request }), 400, ["request"]);
  });

  it.each([2, "yes", true])("400 naming test when it is %j", async (test) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.arenaCode, test }), 400, ["test"]);
  });

  it("400 naming ext_order_id when it is longer than 128 characters", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const before = await client.balance();
    expectError(await client.pay({ voucher_id: V.arenaCode, ext_order_id: "a".repeat(129) }), 400, ["ext_order_id"]);
    expect(await client.balance()).toBe(before);
  });

  it("400 with the account-validation body when a direct_topup voucher has no account", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const body = expectAccountValidationError(await rejected(client, { voucher_id: V.skyDirect }), "direct_topup");
    expect(String(body.error_text).toLowerCase()).toContain("required");
  });

  it("400 with the account-validation body when a direct_topup account is empty", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectAccountValidationError(await rejected(client, { voucher_id: V.skyDirect, account: "" }), "direct_topup");
  });

  it("400 with the account-validation body when an account is sent for voucher_code", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const body = expectAccountValidationError(await rejected(client, { voucher_id: V.arenaCode, account: "900100200" }), "voucher_code");
    expect(String(body.error_text).toLowerCase()).toContain("voucher");
  });

  it.each([
    ["one value where two are expected", "12345678"],
    ["three values", "1|2|3"],
    ["an empty zone", "12345678|"],
    ["an empty player id", "|1234"],
  ])("400 with the account-validation body for %s in player_id|zone_id (decision 25)", async (_name, account) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectAccountValidationError(await rejected(client, { voucher_id: V.mysticDirect, account }), "direct_topup");
  });

  it("400 when the voucher is not avalible (decision 24)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.arenaOff }), 400);
  });
});

describe("POST /api/pay – 401, 402, 403, 404, 503 rows", () => {
  it("401 without authorization", async () => {
    h = createHarness();
    expectError(await h.request("POST", "/api/pay", { body: { voucher_id: V.arenaCode } }), 401);
  });

  it("402 when the balance does not cover amount_charged, with no order and no debit", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const res = await rejected(client, { voucher_id: V.plainCode });
    expectError(res, 402);
    expect(await client.balance()).toBe(10);
  });

  it("402 for a balance top-up above the balance", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    expectError(await rejected(client, { game_id: S.wallet, account: "acc", amount: 11 }), 402);
  });

  it("spends the balance down to exactly zero but never below (decision 17)", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    // 10.00 charge: 2.5 % off 10.26 is 10.0035 → 10.00.
    const res = await client.pay({ game_id: S.wallet, account: "acc", amount: 10.26 });
    expect(res.body.amount_charged).toBe(10);
    expect(await client.balance()).toBe(0);
    expectError(await client.pay({ voucher_id: V.mysticDirect, account: "12345678|1234" }), 402);
    expect(await client.balance()).toBe(0);
  });

  it("403 for a service outside the partner's list, by voucher_id", async () => {
    h = createHarness();
    const client = await h.as(P.limited);
    expectError(await rejected(client, { voucher_id: V.plainCode }, "probe2", V.arenaCode), 403);
  });

  it("403 for a balance service outside the partner's list, by game_id", async () => {
    h = createHarness();
    const client = await h.as(P.limited);
    expectError(await client.pay({ game_id: S.slowWallet, account: "acc", amount: 5 }), 403);
  });

  it("404 for an unknown voucher_id", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: 999999 }), 404);
  });

  it("404 for an unknown game_id", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { game_id: 999999, account: "acc", amount: 5 }), 404);
  });

  it("503 for a service that is not avalible (decision 24)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.offlineCode }), 503);
  });

  it("503 when the supplier is unavailable: nothing created or debited", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await rejected(client, { voucher_id: V.downCode }), 503);
  });
});

describe("POST /api/pay – which error wins (decision 8b)", () => {
  it("shape (400) before existence (404)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ voucher_id: 999999, activation: "maybe" }), 400, ["activation"]);
  });

  it("existence (404) before access (403)", async () => {
    h = createHarness();
    const client = await h.as(P.limited);
    expectError(await client.pay({ voucher_id: 999999 }), 404);
  });

  it("access (403) before availability (503)", async () => {
    h = createHarness();
    const client = await h.as(P.limited);
    expectError(await client.pay({ voucher_id: V.offlineCode }), 403);
  });

  it("availability (503) before balance (402)", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    expectError(await client.pay({ voucher_id: V.downCode }), 503);
  });

  it("account validation (400) before balance (402)", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    expectAccountValidationError(await client.pay({ voucher_id: V.plainCode, account: "x" }), "voucher_code");
  });
});

describe("POST /api/pay – a failed order is not an error (decision 8, spec 7.4)", () => {
  it("answers HTTP 200, success=false, status 3, message and error_text; no charge retained", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const before = await client.balance();
    const res = await client.pay({ voucher_id: V.declineCode });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, order_status: 3, order_status_text: "error", error_text: "supplier declined the order" });
    expect(typeof res.body.message).toBe("string");
    expect(Object.keys(res.body).at(-1)).toBe("error_text");
    expect(res.body).not.toHaveProperty("voucher_code");
    expect(await client.balance()).toBe(before);
  });
});
