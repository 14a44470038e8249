import { describe, expect, it } from "vitest";
import { fixtureVoucherSchema } from "../fixture/schema";
import { ACCOUNT_TEXT, checkVoucherAccount } from "./account-rules";

const base = {
  voucher_id: 1, voucher_name: "V", amount: 1, currency: "USD", game_coins: 1, origin_price: 1,
  origin_currency: "USD", discount_rate: 0, account_need: false, delivery_method: "voucher_code",
};
const code = fixtureVoucherSchema.parse(base);
const single = fixtureVoucherSchema.parse({ ...base, delivery_method: "direct_topup", account_need: true, account_format: "player_id" });
const pair = fixtureVoucherSchema.parse({
  ...base, delivery_method: "direct_topup", account_need: true, account_format: "player_id|zone_id", account_separator: "|",
  account_fields: ["player_id", "zone_id"].map((name, i) => ({
    name, type: "input", label: name, prefix: "", label_zh: name, position: i + 1, multiline: false, placeholder: "",
  })),
});
const real = { isTestAccount: false };

describe("voucher account rules", () => {
  it("forbids an account on voucher_code delivery and requires one on direct_topup", () => {
    expect(checkVoucherAccount(code, undefined, real)).toBeNull();
    expect(checkVoucherAccount(code, "x", real)?.body).toEqual({ error: 400, error_text: ACCOUNT_TEXT.forbidden, delivery_method: "voucher_code" });
    expect(checkVoucherAccount(single, undefined, real)?.body).toEqual({ error: 400, error_text: ACCOUNT_TEXT.required, delivery_method: "direct_topup" });
    expect(checkVoucherAccount(single, "", real)?.status).toBe(400);
  });

  it("checks the number of separated values and that none is empty", () => {
    expect(checkVoucherAccount(single, "12345", real)).toBeNull();
    expect(checkVoucherAccount(pair, "123|45", real)).toBeNull();
    for (const bad of ["123", "123|45|6", "123|", "|45", " |45"]) expect(checkVoucherAccount(pair, bad, real)?.status).toBe(400);
  });

  it("lets the fixed test accounts pass any format in test mode", () => {
    expect(checkVoucherAccount(pair, "77778888", { isTestAccount: true })).toBeNull();
    expect(checkVoucherAccount(code, "77778888", { isTestAccount: true })?.status).toBe(400); // still must not be sent
  });
});
