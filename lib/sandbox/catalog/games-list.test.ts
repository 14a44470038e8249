import { describe, expect, it } from "vitest";
import { createHarness, read } from "@/tests/support/sandbox/http-test-support";

const SERVICE_KEYS = [
  "id", "game_name", "brand", "country", "region", "platform", "delivery_time_target_minutes", "delivery_time_max_minutes",
  "description", "type", "activation", "currency", "avalible", "request", "account_check", "discount_percent",
  "has_voucher_discounts", "max_voucher_discount_percent", "min_voucher_discount_percent",
];

type Games = { available_games: Record<string, unknown>[] };

describe("GET /api/gameslist", () => {
  it("lists every service for a partner with access to all, in spec 2.3 key order", async () => {
    const h = createHarness();
    const response = await h.call("GET", "/api/gameslist", { token: await h.login() });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Games;
    expect(Object.keys(body)).toEqual(["available_games"]);
    expect(body.available_games.map((s) => s.id)).toEqual([432, 431, 426, 92837, 1, 500, 600]);
    for (const service of body.available_games) expect(Object.keys(service)).toEqual(SERVICE_KEYS);
  });

  it("serves fixture values and the computed discount fields", async () => {
    const h = createHarness();
    const { available_games: games } = (await (await h.call("GET", "/api/gameslist", { token: await h.login() })).json()) as Games;
    expect(games[0]).toEqual({
      id: 432, game_name: "Stellar Quest Global", brand: "Stellar Quest", country: null, region: "GLOBAL", platform: "PC",
      delivery_time_target_minutes: 5, delivery_time_max_minutes: 60, description: null, type: "voucher", activation: "auto",
      currency: "USD", avalible: true, request: true, account_check: true, discount_percent: null,
      has_voucher_discounts: true, max_voucher_discount_percent: 5, min_voucher_discount_percent: 0,
    });
    const byId = new Map(games.map((s) => [s.id, s]));
    expect(byId.get(1)).toMatchObject({ type: "balance", discount_percent: 3, has_voucher_discounts: false, max_voucher_discount_percent: null, min_voucher_discount_percent: null });
    expect(byId.get(500)).toMatchObject({ avalible: false, has_voucher_discounts: true, max_voucher_discount_percent: 12.5, min_voucher_discount_percent: 12.5 });
    expect(byId.get(600)).toMatchObject({ has_voucher_discounts: false, max_voucher_discount_percent: 0, min_voucher_discount_percent: 0 });
  });

  it("lists only the services of a partner's service_ids", async () => {
    const h = createHarness();
    const body = (await (await h.call("GET", "/api/gameslist", { token: await h.login("small") })).json()) as Games;
    expect(body.available_games.map((s) => s.id)).toEqual([432, 1]);
  });

  it("answers 404 when the partner has no service", async () => {
    const h = createHarness();
    expect(await read(await h.call("GET", "/api/gameslist", { token: await h.login("empty") }))).toEqual({
      status: 404,
      body: { success: false, error: 404, error_text: "no available services" },
    });
  });
});
