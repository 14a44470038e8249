import { describe, expect, it } from "vitest";
import { createHarness, read, testFixture } from "@/tests/support/sandbox/http-test-support";

const error = (status: number, code: number, text: string) => ({ status, body: { success: false, error: code, error_text: text } });
const VOUCHER_KEYS = [
  "avalible", "voucher_id", "voucher_name", "amount", "currency", "game_coins", "origin_price", "origin_currency",
  "discount_rate", "account_need", "account_check", "delivery_method",
];

describe("GET /api/voucher_available", () => {
  it("answers game_id and the served vouchers in spec 2.4 order, fixture-only fields dropped", async () => {
    const h = createHarness();
    const response = await h.call("GET", "/api/voucher_available?game_id=432", { token: await h.login() });
    const body = (await response.json()) as { game_id: number; available: Record<string, unknown>[] };
    expect(Object.keys(body)).toEqual(["game_id", "available"]);
    expect(body.game_id).toBe(432);
    const [code, topup] = body.available;
    expect(Object.keys(code ?? {})).toEqual(VOUCHER_KEYS);
    expect(code).toEqual({
      avalible: true, voucher_id: 1001, voucher_name: "10 Stars", amount: 9.5, currency: "USD", game_coins: 5,
      origin_price: 10, origin_currency: "USD", discount_rate: 5, account_need: false, account_check: false,
      delivery_method: "voucher_code",
    });
    expect(Object.keys(topup ?? {})).toEqual([...VOUCHER_KEYS, "account_format", "account_separator", "account_fields"]);
    expect(topup).toMatchObject({ avalible: false, account_format: "player_id|zone_id", account_separator: "|" });
  });

  it("answers 404 for an unknown service", async () => {
    const h = createHarness();
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=9999", { token: await h.login("small") }))).toEqual(
      error(404, 404, "service 9999 not found"),
    );
  });

  it("answers 403 without access, before availability", async () => {
    const h = createHarness();
    const token = await h.login("small");
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=426", { token }))).toEqual(error(403, 403, "no access to the service"));
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=500", { token }))).toEqual(error(403, 403, "no access to the service"));
  });

  it("answers 102 (HTTP 404) for a balance service and 103 (HTTP 503) for an unavailable one", async () => {
    const h = createHarness();
    const token = await h.login();
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=1", { token }))).toEqual(error(404, 102, "the service has a different top-up type"));
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=500", { token }))).toEqual(error(503, 103, "service temporarily unavailable"));
  });

  it("answers 102 for a voucher service without vouchers", async () => {
    const fixture = testFixture();
    const empty = { ...fixture.services.find((s) => s.id === 600)!, id: 601, vouchers: [] };
    const h = createHarness({ fixture: { ...fixture, services: [...fixture.services, empty] } });
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=601", { token: await h.login() }))).toEqual(
      error(404, 102, "no available vouchers"),
    );
  });
});
