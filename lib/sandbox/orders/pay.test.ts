import { describe, expect, it } from "vitest";
import { createHarness } from "@/tests/support/sandbox/engine-harness";

describe("/api/pay – balance services", () => {
  it("debits amount less discount at acceptance and answers the final status within the wait", async () => {
    const h = createHarness();
    const started = h.time.now();
    const result = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "acc-1", amount: 10 }));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, order_status: 2, amount: 10, amount_charged: 9.75 });
    expect(h.time.now() - started).toBe(5000); // answered when the supplier finished, not after 60 s
    expect(await h.balanceOf()).toBe(10_000 - 975);
  });

  it("rounds the discount half away from zero (2.5% off 1.00 charges 0.98)", async () => {
    const h = createHarness();
    const result = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 1 }));
    expect(result.body.amount_charged).toBe(0.98);
  });

  it("answers the current status 5 when no final status comes within sync_wait_seconds", async () => {
    const h = createHarness({ edit: (f) => void ((f.services[0] as { supplier: unknown }).supplier = { outcome: "stall" }) });
    const started = h.time.now();
    const result = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10 }));
    expect(result.body).toMatchObject({ success: true, order_status: 5, order_status_text: "Balance replenishment is in progress" });
    expect(h.time.now() - started).toBe(60_000);
  });

  it("answers pending at once when the partner has notifications", async () => {
    const h = createHarness();
    const result = await h.engine.pay(h.partner(2), { game_id: 10, account: "a", amount: 10 });
    expect(result.body).toMatchObject({ order_status: 5 });
    expect(await h.balanceOf(2)).toBe(10_000 - 975); // accepted, so already debited
  });

  it.each([
    [{ amount: 0 }, "amount must be greater than 0"],
    [{ amount: -5 }, "amount must be greater than 0"],
    [{ amount: 1.005 }, "amount must have at most 2 decimals"],
    [{ amount: 0.5 }, "amount must be at least 1.00"],
    [{ amount: 500.01 }, "amount must be at most 500.00"],
    [{ account: " " }, "account is required"],
  ])("rejects %o with 400", async (change, text) => {
    const h = createHarness();
    const result = await h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10, ...change });
    expect(result).toEqual({ status: 400, body: { success: false, error: 400, error_text: text }, headers: undefined });
  });

  it("answers 402 and creates nothing when the balance is short, and never goes below zero", async () => {
    const h = createHarness({ edit: (f) => void (f.partners[0]!.balance = 9.75) });
    const first = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10 }));
    expect(first.body.order_status).toBe(2);
    expect(await h.balanceOf()).toBe(0);
    const second = await h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 1, ext_order_id: "B2" });
    expect(second.status).toBe(402);
    expect(await h.engine.existingByExt(h.partner(), "B2")).toBeNull();
  });

  it("answers 404 for an unknown game, 403 without access, 400 for a voucher service, 503 when unavailable", async () => {
    const h = createHarness();
    expect((await h.engine.pay(h.partner(), { game_id: 999, account: "a", amount: 10 })).status).toBe(404);
    expect((await h.engine.pay(h.partner(3), { game_id: 50, account: "a", amount: 10 })).status).toBe(403);
    expect((await h.engine.pay(h.partner(), { game_id: 20, account: "a", amount: 10 })).status).toBe(400);
    const down = await h.engine.pay(h.partner(), { game_id: 50, account: "a", amount: 10, ext_order_id: "D1" });
    expect(down.status).toBe(503);
    expect(await h.engine.existingByExt(h.partner(), "D1")).toBeNull();
    expect(await h.balanceOf()).toBe(10_000);
  });
});

describe("/api/pay – vouchers", () => {
  it("issues a voucher code after the supplier's latency and debits voucher.amount", async () => {
    const h = createHarness();
    const result = await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2002 }));
    expect(result.body).toMatchObject({
      success: true, order_status: 2, voucher_code: "CODE-1", voucher_code_2: "CODE-2",
      amount: 20, amount_charged: 19, discount_rate: 5, need_activation: 0,
      expiration_date_voucher: new Date(h.time.now() + 30 * 86_400_000).toISOString(),
    });
    expect(await h.balanceOf()).toBe(10_000 - 1900);
  });

  it("answers 1 for a voucher code still pending after the wait", async () => {
    const h = createHarness({ edit: (f) => void ((f.services[1] as { supplier: unknown }).supplier = { outcome: "stall" }) });
    const result = await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2001 }));
    expect(result.body).toMatchObject({ order_status: 1, order_status_text: "pending" });
  });

  it("answers 5 for a direct top-up still pending after the wait", async () => {
    const h = createHarness({ edit: (f) => void ((f.services[1] as { supplier: unknown }).supplier = { outcome: "stall" }) });
    const result = await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2003, account: "123|45" }));
    expect(result.body).toMatchObject({ order_status: 5, delivery_method: "direct_topup", need_activation: 0 });
  });

  it("applies the account rules with the account-validation body", async () => {
    const h = createHarness();
    const bodyOf = async (request: Parameters<typeof h.engine.pay>[1]) => (await h.engine.pay(h.partner(), request)).body;
    expect(await bodyOf({ voucher_id: 2003 })).toEqual({
      error: 400, error_text: "account is required for this voucher", delivery_method: "direct_topup",
    });
    expect(await bodyOf({ voucher_id: 2001, account: "x" })).toEqual({
      error: 400, error_text: "account must not be sent: this product returns a voucher code", delivery_method: "voucher_code",
    });
    expect((await bodyOf({ voucher_id: 2003, account: "123" })).error_text).toMatch(/2 values in the format player_id\|zone_id/);
    expect((await bodyOf({ voucher_id: 2003, account: "123|" })).error_text).toMatch(/empty value/);
    expect((await bodyOf({ voucher_id: 2003, account: "1|2|3" })).error_text).toMatch(/2 values/);
  });

  it("rejects activation where it is not supported and reservation where the service has none", async () => {
    const h = createHarness();
    const text = async (request: Parameters<typeof h.engine.pay>[1]) => (await h.engine.pay(h.partner(), request)).body.error_text;
    expect(await text({ voucher_id: 3001, activation: 1 })).toBe("activation is not available for this voucher");
    expect(await text({ voucher_id: 2003, account: "1|2", activation: 1 })).toBe("activation is not available for this voucher");
    expect(await text({ voucher_id: 3001, request: 1 })).toBe("reservation (request=1) is not available for this service");
  });

  it("answers 404 unknown voucher, 403 no access, 503 service not avalible, 400 voucher not avalible", async () => {
    const h = createHarness();
    expect((await h.engine.pay(h.partner(), { voucher_id: 9999 })).status).toBe(404);
    expect((await h.engine.pay(h.partner(3), { voucher_id: 2001 })).status).toBe(403);
    expect((await h.engine.pay(h.partner(), { voucher_id: 4001 })).status).toBe(503);
    expect((await h.engine.pay(h.partner(), { voucher_id: 2004 })).status).toBe(400);
  });

  it("ranks existence over access over request rules over availability over balance (decisions 8b)", async () => {
    const h = createHarness({
      edit: (f) => {
        f.partners[2]!.service_ids = [10];
        f.partners[0]!.balance = 0;
      },
    });
    // No access and a bad account: access wins.
    expect((await h.engine.pay(h.partner(3), { voucher_id: 2001, account: "x" })).status).toBe(403);
    // Unavailable voucher and a bad account: the account rule (request) wins, then availability.
    expect((await h.engine.pay(h.partner(), { voucher_id: 2004, account: "x" })).body.error_text).toMatch(/must not be sent/);
    // Unavailable service and no balance: 503 before 402.
    expect((await h.engine.pay(h.partner(), { voucher_id: 4001 })).status).toBe(503);
    expect((await h.engine.pay(h.partner(), { voucher_id: 2001 })).status).toBe(402);
  });
});

describe("/api/pay – test mode (decisions 16)", () => {
  it("never debits, skips the balance check and the supplier, and succeeds for the test accounts", async () => {
    const h = createHarness({ edit: (f) => void (f.partners[0]!.balance = 0) });
    const word = await h.time.run(h.engine.pay(h.partner(), { game_id: 50, account: "testaccount", amount: 10, test: 1 }));
    expect(word.body).toMatchObject({ success: true, order_status: 2 });
    const digits = await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2003, account: "77778888", test: 1 }));
    expect(digits.body).toMatchObject({ success: true, order_status: 2 });
    const noAccount = await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2001, test: 1 }));
    expect(noAccount.body).toMatchObject({ success: true, order_status: 2, voucher_code: "CODE-1" });
    expect(await h.balanceOf()).toBe(0);
  });

  it("fails any other account with status 3 and an error_text", async () => {
    const h = createHarness();
    const result = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "someone", amount: 10, test: 1 }));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: false, order_status: 3, error_text: "test order: the account is not a test account" });
    expect(await h.balanceOf()).toBe(10_000);
  });

  it("still answers 503 for a service that is not avalible", async () => {
    const h = createHarness();
    expect((await h.engine.pay(h.partner(), { voucher_id: 4001, test: 1 })).status).toBe(503);
  });
});
