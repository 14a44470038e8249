import { describe, expect, it } from "vitest";
import { checkoutBody, readCheckoutAnswer } from "./post-checkout";

describe("the purchase panel's checkout call", () => {
  it("asks for a voucher by id and a top-up by amount, never by price", () => {
    expect(checkoutBody({ gameId: 101, voucherId: 10101, amount: null, account: null, activation: false, email: " a@b.co ", botToken: null, locale: "en" })).toEqual({
      game_id: 101,
      voucher_id: 10101,
      email: "a@b.co",
      locale: "en",
    });
    expect(checkoutBody({ gameId: 1, voucherId: null, amount: "25", account: "vaultfan42", activation: false, email: "a@b.co", botToken: "XXXX.token", locale: "zh" })).toEqual({
      game_id: 1,
      amount: "25",
      account: "vaultfan42",
      email: "a@b.co",
      bot_token: "XXXX.token",
      locale: "zh",
    });
  });

  it("goes to the payment page, or to the order page when there is none", () => {
    expect(readCheckoutAnswer(201, { payment_url: "https://pay/x", order_url: "https://shop/o" }, null)).toEqual({ ok: true, next: "https://pay/x" });
    expect(readCheckoutAnswer(201, { payment_url: null, order_url: "https://shop/o" }, null)).toEqual({ ok: true, next: "https://shop/o" });
  });

  it("names the field at fault, and says when to retry after too many orders", () => {
    expect(readCheckoutAnswer(422, { error: "refused", message: "account is required", field: "account" }, null)).toEqual({
      ok: false,
      field: "account",
      problem: { code: "refused", message: "account is required" },
    });
    expect(readCheckoutAnswer(429, { error: "rate_limited" }, "30")).toEqual({ ok: false, field: null, problem: { code: "too_many", seconds: 30 } });
    expect(readCheckoutAnswer(429, null, null)).toEqual({ ok: false, field: null, problem: { code: "too_many", seconds: null } });
    expect(readCheckoutAnswer(502, null, null)).toEqual({ ok: false, field: null, problem: { code: "failed", status: 502 } });
    // A proxy's own error page or any body not in our envelope says nothing about the order.
    expect(readCheckoutAnswer(502, { message: "Bad gateway" }, null)).toEqual({ ok: false, field: null, problem: { code: "failed", status: 502 } });
  });

  it("keeps screening's refusals as codes, to be said in the buyer's language", () => {
    for (const code of ["bot_check_failed", "challenge_required", "order_refused", "checkout_paused"]) {
      expect(readCheckoutAnswer(403, { error: code, message: "English words" }, null)).toEqual({ ok: false, field: null, problem: { code } });
    }
  });
});
