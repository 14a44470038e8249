import { describe, expect, it } from "vitest";
import { ok } from "./error-result";
import { createHarness, read } from "@/tests/support/sandbox/http-test-support";

const bad = (text: string) => ({ status: 400, body: { success: false, error: 400, error_text: text } });

describe("POST /api/pay", () => {
  it("picks the voucher form when voucher_id is present, coercing numbers given as strings", async () => {
    const h = createHarness();
    const token = await h.login();
    const body = { voucher_id: "1002", account: "1|2", activation: "1", request: 0, test: "1", ext_order_id: "A1" };
    expect((await h.call("POST", "/api/pay", { token, body })).status).toBe(200);
    expect(h.engine.calls.at(-1)).toEqual({
      method: "pay",
      partnerId: 1,
      input: { voucher_id: 1002, account: "1|2", activation: 1, request: 0, test: 1, ext_order_id: "A1" },
    });
  });

  it("picks the balance form when only game_id is present", async () => {
    const h = createHarness();
    const token = await h.login();
    await h.call("POST", "/api/pay", { token, body: { game_id: "1", account: "wallet-1", amount: "10.50" } });
    expect(h.engine.calls.at(-1)).toEqual({ method: "pay", partnerId: 1, input: { game_id: 1, account: "wallet-1", amount: 10.5 } });
  });

  it("answers 400 when neither id is given", async () => {
    const h = createHarness();
    const token = await h.login();
    expect(await read(await h.call("POST", "/api/pay", { token, body: { account: "x" } }))).toEqual(bad("game_id or voucher_id is required"));
  });

  it.each([
    [{ voucher_id: 1001, game_id: 432 }, "unknown field game_id"],
    [{ voucher_id: 1001, voucherid: 1 }, "unknown field voucherid"],
    [{ voucher_id: "10.5" }, "voucher_id: expected a positive integer"],
    [{ voucher_id: true }, "voucher_id: expected a positive integer"],
    [{ voucher_id: 1001, account: 77778888 }, "account: expected a string"],
    [{ voucher_id: 1001, activation: 2 }, "activation: expected 0 or 1"],
    [{ voucher_id: 1001, ext_order_id: "a-1" }, "ext_order_id must contain only ASCII letters and digits"],
    [{ voucher_id: 1001, ext_order_id: "a".repeat(129) }, "ext_order_id must be at most 128 characters"],
    [{ game_id: 1, account: "a" }, "amount is required"],
    [{ game_id: 1, account: "a", amount: "1e2" }, "amount: expected a number"],
    [{ game_id: 1, account: "a", amount: " 1" }, "amount: expected a number"],
    [{ game_id: 1, account: "a", amount: { value: 1 } }, "amount: expected a number"],
    [{ game_id: 1, amount: 1, request: 1 }, "account is required; unknown field request"],
  ])("answers 400 for %j", async (body, text) => {
    const h = createHarness();
    const token = await h.login();
    expect(await read(await h.call("POST", "/api/pay", { token, body }))).toEqual(bad(text));
    expect(h.engine.calls.map((c) => c.method)).not.toContain("pay");
  });

  it("answers an existing ext_order_id before validating the rest", async () => {
    const h = createHarness();
    const token = await h.login();
    h.engine.existing.set("1:ORDER42", ok({ success: true, order_id: "7", ext_order_id: "ORDER42" }));
    const response = await h.call("POST", "/api/pay", { token, body: { ext_order_id: "ORDER42", voucher_id: "nonsense", extra: 1 } });
    expect(await read(response)).toEqual({ status: 200, body: { success: true, order_id: "7", ext_order_id: "ORDER42" } });
    expect(h.engine.calls).toEqual([{ method: "existingByExt", partnerId: 1, input: "ORDER42" }]);
  });

  it("looks ext_order_id up per partner and validates as usual when it is new", async () => {
    const h = createHarness();
    h.engine.existing.set("1:ORDER42", ok({ order_id: "7" }));
    const token = await h.login("small");
    expect(await read(await h.call("POST", "/api/pay", { token, body: { ext_order_id: "ORDER42" } }))).toEqual(
      bad("game_id or voucher_id is required"),
    );
    expect(h.engine.calls).toEqual([{ method: "existingByExt", partnerId: 2, input: "ORDER42" }]);
  });

  it("does not look up an invalid ext_order_id", async () => {
    const h = createHarness();
    const token = await h.login();
    await h.call("POST", "/api/pay", { token, body: { ext_order_id: 42, voucher_id: 1001 } });
    expect(h.engine.calls).toEqual([]);
  });
});
