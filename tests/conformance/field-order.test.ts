// Exact field order (Object.keys) of every response body: spec section 2 and 4, decision 3
// ("responses keep the spec's field order exactly") and decision 6 for error bodies.
import { afterEach, describe, expect, it } from "vitest";
import { P, PLAYERS, S, V } from "./fixture";
import { asArray, asObject, asString, createHarness, type Harness, type JsonObject } from "./harness";
import {
  ACCOUNT_CHECK_KEYS,
  ACCOUNT_FIELD_KEYS,
  BALANCE_KEYS,
  BALANCE_ORDER_KEYS,
  ERROR_KEYS,
  expectError,
  expectExactKeys,
  MISMATCH_KEYS,
  MISMATCH_NOT_FOUND_KEYS,
  ORDER_UPDATE_KEYS,
  REVISE_KEYS,
  SERVICE_KEYS,
  TOKEN_KEYS,
  VOUCHER_KEYS,
  VOUCHER_ORDER_KEYS,
} from "./shapes";

let h: Harness;
afterEach(() => h.close());

/** `list` minus the keys in `absent`, and minus `optional` keys the body does not carry. */
function expected(list: readonly string[], absent: readonly string[], body: JsonObject, optional: readonly string[] = []): string[] {
  return list.filter((k) => !absent.includes(k) && (!optional.includes(k) || k in body));
}

describe("exact field order of every body", () => {
  it("token (2.1) and balance (2.2)", async () => {
    h = createHarness();
    const login = await h.request("POST", "/api/auth/login", { body: { login: P.main.login, api_key: P.main.api_key } });
    expectExactKeys(login.body, TOKEN_KEYS, "token");
    const client = await h.as(P.main);
    expectExactKeys((await client.get("/api/balance")).body, BALANCE_KEYS, "balance");
  });

  it("gameslist items (2.3) and voucher items (2.4) with account field descriptors", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const games = asArray((await client.get("/api/gameslist")).body.available_games);
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) expectExactKeys(g, SERVICE_KEYS, "service");

    const zone = asObject(asArray((await client.get("/api/voucher_available", { game_id: String(S.mystic) })).body.available)[0]);
    expectExactKeys(zone, VOUCHER_KEYS, "voucher with account_fields");
    for (const f of asArray(zone.account_fields)) expectExactKeys(f, ACCOUNT_FIELD_KEYS, "account field");

    const arena = (await client.get("/api/voucher_available", { game_id: String(S.arena) })).body;
    expectExactKeys(arena, ["game_id", "available"], "voucher_available");
    const [code, , direct] = asArray(arena.available).map((v) => asObject(v));
    expectExactKeys(code, VOUCHER_KEYS.slice(0, 12), "voucher_code voucher");
    expectExactKeys(direct, VOUCHER_KEYS.slice(0, 13), "single-account voucher");
  });

  it("balance order (2.5): success, failure, with ext_order_id", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const ok = (await client.pay({ game_id: S.wallet, account: "acc", amount: 5 })).body;
    expectExactKeys(ok, expected(BALANCE_ORDER_KEYS, ["ext_order_id", "error_text"], ok), "balance order");
    const failed = (await client.pay({ game_id: S.declineWallet, account: "acc", amount: 5, ext_order_id: "F1" })).body;
    expectExactKeys(failed, BALANCE_ORDER_KEYS, "failed balance order with ext_order_id");
  });

  it("voucher order (2.6), voucher_code: single, two-part with activation, failed, reserved", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const single = (await client.pay({ voucher_id: V.arenaCode })).body;
    expectExactKeys(single, expected(VOUCHER_ORDER_KEYS, ["ext_order_id", "account", "voucher_code_2", "activation_voucher", "error_text"], single));

    const full = (await client.pay({ voucher_id: V.arenaTwoPart, activation: 1, ext_order_id: "Full1" })).body;
    expectExactKeys(full, expected(VOUCHER_ORDER_KEYS, ["account", "error_text"], full));

    const failed = (await client.pay({ voucher_id: V.declineCode, ext_order_id: "Bad1" })).body;
    expectExactKeys(
      failed,
      expected(VOUCHER_ORDER_KEYS, ["account", "voucher_code", "voucher_code_2", "expiration_date_voucher", "activation_voucher"], failed),
    );

    const reserved = (await client.pay({ voucher_id: V.arenaCode, request: 1 })).body;
    expectExactKeys(
      reserved,
      expected(VOUCHER_ORDER_KEYS, ["ext_order_id", "account", "voucher_code", "voucher_code_2", "expiration_date_voucher", "error_text"], reserved),
    );
  });

  it("voucher order (2.6), direct_topup: account, no code fields", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const body = (await client.pay({ voucher_id: V.mysticDirect, account: PLAYERS.mystic.account })).body;
    expectExactKeys(
      body,
      expected(
        VOUCHER_ORDER_KEYS,
        ["ext_order_id", "voucher_code", "voucher_code_2", "expiration_date_voucher", "activation_voucher", "error_text"],
        body,
        ["game_currency"],
      ),
    );
  });

  it("order_update response (4.6): game_id and voucher_id as strings, error_text last", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const one = asString((await client.pay({ voucher_id: V.arenaTwoPart, request: 1 })).body.order_id);
    const confirmed = (await client.orderUpdate(one, 2)).body;
    expectExactKeys(confirmed, expected(ORDER_UPDATE_KEYS, ["account", "error_text"], confirmed));
    expect(typeof confirmed.game_id).toBe("string");
    expect(typeof confirmed.voucher_id).toBe("string");

    const single = asString((await client.pay({ voucher_id: V.arenaCode, request: 1 })).body.order_id);
    const singleBody = (await client.orderUpdate(single, 2)).body;
    expectExactKeys(singleBody, expected(ORDER_UPDATE_KEYS, ["account", "voucher_code_2", "error_text"], singleBody));

    const direct = asString((await client.pay({ voucher_id: V.arenaDirect, account: "900100200", request: 1 })).body.order_id);
    const directBody = (await client.orderUpdate(direct, 2)).body;
    expectExactKeys(
      directBody,
      expected(ORDER_UPDATE_KEYS, ["voucher_code", "voucher_code_2", "expiration_date_voucher", "error_text"], directBody),
    );

    const two = asString((await client.pay({ voucher_id: V.arenaCode, request: 1 })).body.order_id);
    const released = (await client.orderUpdate(two, 3)).body;
    expectExactKeys(released, expected(ORDER_UPDATE_KEYS, ["account", "voucher_code", "voucher_code_2", "expiration_date_voucher"], released));
    expect(Object.keys(released).at(-1)).toBe("error_text");
  });

  it("revise (4.8) and mismatch entries (2.7)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const a = asString((await client.pay({ voucher_id: V.arenaCode })).body.order_id);
    const res = await client.post("/api/revise", {
      date_from: "2026-01-15",
      date_to: "2026-01-15",
      payments: [
        { order_id: a, amount: 1, status: 2, transaction_time: "15.01.2026 12:00:00" },
        { order_id: "999999999999", amount: 1, status: 2, transaction_time: "15.01.2026 12:00:00" },
      ],
    });
    expectExactKeys(res.body, REVISE_KEYS, "revise");
    const [found, missing] = asArray(res.body.revise_payments_mismatches).map((m) => asObject(m));
    expectExactKeys(found, MISMATCH_KEYS, "mismatch entry");
    expectExactKeys(missing, MISMATCH_NOT_FOUND_KEYS, "not_found entry");
  });

  it("account check (2.8): found, wrong region, 503", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const found = (await client.get("/api/account_check", { game_id: String(S.sky), account: PLAYERS.sky.account })).body;
    expectExactKeys(found, ["success", "message", "game_name", "game_id", "account", "player_name", "region"]);
    const wrong = (await client.get("/api/account_check", { game_id: String(S.mystic), account: PLAYERS.mysticRu.account })).body;
    expectExactKeys(
      wrong,
      expected(ACCOUNT_CHECK_KEYS, ["error", "error_text"], wrong, ["player_name", "region"]),
      "wrong_service_region result",
    );
    const off = (await client.get("/api/account_check", { game_id: String(S.checkOff), account: "1" })).body;
    expectExactKeys(off, ["success", "game_name", "game_id", "account", "error", "error_text"]);
  });

  it("error bodies (decision 6) for every HTTP status the sandbox uses", async () => {
    h = createHarness();
    const main = await h.as(P.main);
    const poor = await h.as(P.poor);
    const limited = await h.as(P.limited);
    const reserved = asString((await main.pay({ voucher_id: V.arenaCode })).body.order_id);
    const cases = [
      [await main.pay({}), 400],
      [await h.request("GET", "/api/balance"), 401],
      [await poor.pay({ voucher_id: V.plainCode }), 402],
      [await limited.pay({ voucher_id: V.plainCode }), 403],
      [await main.pay({ voucher_id: 999999 }), 404],
      [await main.orderUpdate(reserved, 2), 101],
      [await main.get("/api/voucher_available", { game_id: String(S.wallet) }), 102],
      [await main.get("/api/voucher_available", { game_id: String(S.offline) }), 103],
      [await main.pay({ voucher_id: V.offlineCode }), 503],
      [await main.get("/api/pay"), 405],
      [await main.get("/api/nowhere"), 404],
    ] as const;
    for (const [res, code] of cases) {
      expectError(res, code);
      expectExactKeys(res.body, ERROR_KEYS, `error ${code}`);
    }
  });
});
