// Spec 4.2 GET /api/balance, 4.3 GET /api/gameslist, 4.4 GET /api/voucher_available;
// resources 2.2–2.4 and decisions 3, 24, 26.
import { afterEach, describe, expect, it } from "vitest";
import { conformanceFixtureJson, fixtureService, LIMITED_SERVICE_IDS, P, S, V } from "./fixture";
import { asArray, asObject, createHarness, type Harness, type JsonObject } from "./harness";
import { fixtureSchema } from "@/lib/sandbox/fixture/schema";
import {
  ACCOUNT_FIELD_KEYS,
  BALANCE_KEYS,
  expectError,
  expectExactKeys,
  SERVICE_KEYS,
  VOUCHER_BASE_KEYS,
  VOUCHER_KEYS,
} from "./shapes";

let h: Harness;
afterEach(() => h.close());

describe("GET /api/balance", () => {
  it("answers the partner's own record in the order of 2.2", async () => {
    h = createHarness();
    const client = await h.as(P.hooked);
    const res = await client.get("/api/balance");
    expect(res.status).toBe(200);
    expectExactKeys(res.body, BALANCE_KEYS, "balance");
    expect(res.body).toEqual({
      partner_id: P.hooked.partner_id,
      partner_name: P.hooked.partner_name,
      user_name: P.hooked.user_name,
      user_id: P.hooked.user_id,
      balance: P.hooked.balance,
      currency: P.hooked.currency,
    });
  });

  it("serves the balance as a number with cents", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const res = await client.get("/api/balance");
    expect(res.body.balance).toBe(10);
    expect(typeof res.body.balance).toBe("number");
  });

  it("never answers another partner's data, whatever the parameters", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const res = await client.get("/api/balance", { partner_id: String(P.main.partner_id) });
    // "No parameters": an unknown one is either ignored or rejected naming it.
    if (res.status === 200) expect(res.body.partner_id).toBe(P.poor.partner_id);
    else expectError(res, 400, ["partner_id"]);
  });
});

async function gameslist(client: { get(path: string): Promise<{ status: number; body: JsonObject }> }) {
  const res = await client.get("/api/gameslist");
  expect(res.status).toBe(200);
  expectExactKeys(res.body, ["available_games"], "gameslist");
  return asArray(res.body.available_games, "available_games").map((item) => asObject(item, "service"));
}

describe("GET /api/gameslist", () => {
  it("lists every service with the fields of 2.3 in order", async () => {
    h = createHarness();
    const games = await gameslist(await h.as(P.main));
    expect(games.map((g) => g.id).sort((a, b) => Number(a) - Number(b))).toEqual(
      conformanceFixtureJson.services.map((s) => s.id).sort((a, b) => a - b),
    );
    for (const game of games) expectExactKeys(game, SERVICE_KEYS, `service ${String(game.id)}`);
  });

  it("serves the catalogue fields as the fixture writes them and none of the fixture-only ones", async () => {
    h = createHarness();
    const games = await gameslist(await h.as(P.main));
    for (const game of games) {
      const written = fixtureService(Number(game.id));
      for (const key of SERVICE_KEYS.slice(0, 16)) {
        expect(game[key], `service ${String(game.id)} ${key}`).toEqual(written[key as keyof typeof written]);
      }
      for (const hidden of ["account_check_enabled", "min_amount", "max_amount", "supplier", "vouchers"]) {
        expect(game).not.toHaveProperty(hidden);
      }
    }
  });

  it("computes has_voucher_discounts and the min/max voucher discount (decision 26)", async () => {
    h = createHarness();
    const games = await gameslist(await h.as(P.main));
    const byId = new Map(games.map((g) => [g.id, g]));
    const pick = (id: number, keys: string[]) => Object.fromEntries(keys.map((k) => [k, byId.get(id)?.[k]]));
    const keys = ["discount_percent", "has_voucher_discounts", "max_voucher_discount_percent", "min_voucher_discount_percent"];
    expect(pick(S.arena, keys)).toEqual({
      discount_percent: null,
      has_voucher_discounts: true,
      max_voucher_discount_percent: 5,
      min_voucher_discount_percent: 5,
    });
    expect(pick(S.mystic, keys)).toEqual({
      discount_percent: null,
      has_voucher_discounts: true,
      max_voucher_discount_percent: 3,
      min_voucher_discount_percent: 3,
    });
    expect(pick(S.plain, keys)).toEqual({
      discount_percent: null,
      has_voucher_discounts: false,
      max_voucher_discount_percent: 0,
      min_voucher_discount_percent: 0,
    });
    // Balance services have no vouchers: null bounds, and the fixture's partner discount.
    expect(pick(S.wallet, keys)).toEqual({
      discount_percent: 2.5,
      has_voucher_discounts: false,
      max_voucher_discount_percent: null,
      min_voucher_discount_percent: null,
    });
  });

  it("serves spelling quirks exactly: avalible, and region/country per variant", async () => {
    h = createHarness();
    const games = await gameslist(await h.as(P.main));
    const ru = games.find((g) => g.id === S.mysticRu);
    expect(ru).toMatchObject({ country: "RU", region: null, avalible: true });
    const offline = games.find((g) => g.id === S.offline);
    expect(offline).toMatchObject({ avalible: false });
    expect(offline).not.toHaveProperty("available");
  });

  it("lists only the services a partner has access to (section 5 item 5)", async () => {
    h = createHarness();
    const games = await gameslist(await h.as(P.limited));
    expect(games.map((g) => g.id).sort((a, b) => Number(a) - Number(b))).toEqual([...LIMITED_SERVICE_IDS].sort((a, b) => a - b));
  });

  it("answers 404 when no service is available to the partner", async () => {
    const json = structuredClone(conformanceFixtureJson);
    const first = json.partners[0];
    if (first) first.service_ids = [];
    h = createHarness({ fixture: fixtureSchema.parse(json) });
    const client = await h.as(P.main);
    expectError(await client.get("/api/gameslist"), 404);
  });
});

async function vouchersOf(client: { get(path: string, q?: Record<string, string>): Promise<{ status: number; text: string; body: JsonObject }> }, gameId: string) {
  const res = await client.get("/api/voucher_available", { game_id: gameId });
  expect(res.status, res.text).toBe(200);
  expectExactKeys(res.body, ["game_id", "available"], "voucher_available");
  return { gameId: res.body.game_id, items: asArray(res.body.available, "available").map((v) => asObject(v, "voucher")) };
}

describe("GET /api/voucher_available", () => {
  it("answers {game_id, available} with every voucher of the service, in the fields of 2.4", async () => {
    h = createHarness();
    const { gameId, items } = await vouchersOf(await h.as(P.main), String(S.arena));
    expect(gameId).toBe(S.arena);
    expect(items.map((v) => v.voucher_id)).toEqual([V.arenaCode, V.arenaTwoPart, V.arenaDirect, V.arenaOff]);
    const code = items[0];
    expectExactKeys(code, VOUCHER_BASE_KEYS, "voucher_code voucher");
    expect(code).toEqual({
      avalible: true,
      voucher_id: V.arenaCode,
      voucher_name: "Battle Arena 100 Points",
      amount: 9.5,
      currency: "USD",
      game_coins: 100,
      origin_price: 10,
      origin_currency: "USD",
      discount_rate: 5,
      account_need: false,
      account_check: false,
      delivery_method: "voucher_code",
    });
    const direct = items[2];
    expectExactKeys(direct, [...VOUCHER_BASE_KEYS, "account_format"], "single-account voucher");
    expect(direct).toMatchObject({ account_need: true, account_check: true, delivery_method: "direct_topup", account_format: "player_id" });
    expect(items[3]).toMatchObject({ voucher_id: V.arenaOff, avalible: false });
  });

  it("never serves fixture-only voucher fields (code_parts, code_valid_days, supplier)", async () => {
    h = createHarness();
    const { items } = await vouchersOf(await h.as(P.main), String(S.arena));
    for (const item of items) {
      for (const key of Object.keys(item)) expect(VOUCHER_KEYS).toContain(key);
    }
  });

  it("describes a player_id|zone_id account with separator and field descriptors (2.4 rules 2 and 3)", async () => {
    h = createHarness();
    const { items } = await vouchersOf(await h.as(P.main), String(S.mystic));
    const voucher = asObject(items[0]);
    expectExactKeys(voucher, VOUCHER_KEYS, "multi-value account voucher");
    expect(voucher.account_format).toBe("player_id|zone_id");
    expect(voucher.account_separator).toBe("|");
    const fields = asArray(voucher.account_fields).map((f) => asObject(f));
    expect(fields).toHaveLength(2);
    for (const field of fields) expectExactKeys(field, ACCOUNT_FIELD_KEYS, "account field");
    expect(fields.map((f) => [f.name, f.position, f.type])).toEqual([
      ["player_id", 1, "input"],
      ["zone_id", 2, "input"],
    ]);
    expect(fields[0]).toMatchObject({ label: "Player ID", prefix: "", label_zh: "玩家ID", multiline: false, placeholder: "12345678" });
  });

  it("accepts game_id given as a plain decimal string (always the case for a query parameter)", async () => {
    h = createHarness();
    const { gameId } = await vouchersOf(await h.as(P.main), "92837");
    expect(gameId).toBe(S.mysticRu);
  });

  it("answers 400 naming game_id when it is missing", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.get("/api/voucher_available"), 400, ["game_id"]);
  });

  it.each(["", "abc", " 432", "432 ", "1e3", "+432", "0x1B0", "432.0", "-432", "4 32", "432abc"])(
    "answers 400 naming game_id for the invalid value %j (decision 2)",
    async (value) => {
      h = createHarness();
      const client = await h.as(P.main);
      expectError(await client.get("/api/voucher_available", { game_id: value }), 400, ["game_id"]);
    },
  );

  it("answers 404 for an unknown game_id (decision 24)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.get("/api/voucher_available", { game_id: "999999" }), 404);
  });

  it("answers 403 for a service the partner has no access to", async () => {
    h = createHarness();
    const client = await h.as(P.limited);
    expectError(await client.get("/api/voucher_available", { game_id: String(S.plain) }), 403);
  });

  it("serves a limited partner the services on its list", async () => {
    h = createHarness();
    const client = await h.as(P.limited);
    const { items } = await vouchersOf(client, String(S.arena));
    expect(items.map((v) => v.voucher_id)).toContain(V.arenaCode);
  });

  it("answers 102 (HTTP 404) for a service of the balance type", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.get("/api/voucher_available", { game_id: String(S.wallet) }), 102);
  });

  it("answers 102 (HTTP 404) for a service without any available voucher", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.get("/api/voucher_available", { game_id: String(S.empty) }), 102);
  });

  it("answers 103 (HTTP 503) for a service that is not avalible (decision 24)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.get("/api/voucher_available", { game_id: String(S.offline) }), 103);
  });

  it("checks existence before access: an unknown id is 404 also for a limited partner (decision 8b)", async () => {
    h = createHarness();
    const client = await h.as(P.limited);
    expectError(await client.get("/api/voucher_available", { game_id: "999999" }), 404);
  });

  it("checks access before availability: 403 for an unavailable service outside the partner's list (decision 8b)", async () => {
    h = createHarness();
    const client = await h.as(P.limited);
    expectError(await client.get("/api/voucher_available", { game_id: String(S.offline) }), 403);
  });
});
