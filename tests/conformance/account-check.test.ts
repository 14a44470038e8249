// GET /api/account_check (4.9), result 2.8, error bodies of 7.3, decisions 21 and 22.
import { afterEach, describe, expect, it } from "vitest";
import { P, PLAYERS, S, TEST_ACCOUNT_WORD } from "./fixture";
import { createHarness, type ApiResult, type Harness, type JsonObject } from "./harness";
import { ACCOUNT_CHECK_KEYS, expectExactKeys, expectKeysInOrder } from "./shapes";

let h: Harness;
afterEach(() => h.close());

async function check(query: Record<string, string>, partner = P.main): Promise<ApiResult> {
  h = createHarness();
  const client = await h.as(partner);
  return client.get("/api/account_check", query);
}

const RESULT_REQUIRED = ["success", "message", "game_name", "game_id", "account"];

/** An account-check error body (decision 22): success=false, identification where known, error, error_text. */
function expectCheckError(res: ApiResult, status: number, mentions: string[] = []): JsonObject {
  expect(res.status, res.text).toBe(status);
  const body = res.body;
  expectKeysInOrder(body, ACCOUNT_CHECK_KEYS, ["success", "error", "error_text"], ["player_name", "region"], "account_check error");
  expect(body.success).toBe(false);
  expect(body.error).toBe(status);
  expect(typeof body.error_text).toBe("string");
  for (const word of mentions) expect(String(body.error_text).toLowerCase()).toContain(word);
  return body;
}

describe("GET /api/account_check – results", () => {
  it.each([
    ["a player id (431)", PLAYERS.sky],
    ["a player_id|zone_id (426)", PLAYERS.mystic],
    ["a Russia-only player_id|zone_id (92837)", PLAYERS.mysticRu],
    ["a store-wallet account (1)", PLAYERS.wallet],
    ["a player id (432)", PLAYERS.arena],
  ])("finds %s with player_name and region", async (_name, player) => {
    const res = await check({ game_id: String(player.game_id), account: player.account });
    expect(res.status, res.text).toBe(200);
    expectKeysInOrder(res.body, ACCOUNT_CHECK_KEYS, [...RESULT_REQUIRED, "player_name", "region"], ["error_code", "recommended_game_id", "error", "error_text"]);
    expect(res.body).toMatchObject({
      success: true,
      game_id: player.game_id,
      account: player.account,
      player_name: player.player_name,
      region: player.region,
    });
    expect(typeof res.body.game_name).toBe("string");
  });

  it("answers the exact field order success, message, game_name, game_id, account, player_name, region", async () => {
    const res = await check({ game_id: String(S.sky), account: PLAYERS.sky.account });
    expectExactKeys(res.body, ["success", "message", "game_name", "game_id", "account", "player_name", "region"]);
    expect(res.body.game_name).toBe("Sky Legends Gems");
  });

  it("answers an unknown player as success=false with a not-found message (HTTP 200)", async () => {
    const res = await check({ game_id: String(S.sky), account: "111222" });
    expect(res.status, res.text).toBe(200);
    expectExactKeys(res.body, RESULT_REQUIRED, "not-found result");
    expect(res.body).toMatchObject({ success: false, game_id: S.sky, account: "111222", game_name: "Sky Legends Gems" });
    expect(String(res.body.message).toLowerCase()).toContain("not found");
  });

  it("answers an account of the same brand's other region with wrong_service_region and recommended_game_id", async () => {
    const res = await check({ game_id: String(S.mystic), account: PLAYERS.mysticRu.account });
    expect(res.status, res.text).toBe(200);
    // player_name and region may come along "when returned by the checker" (2.8).
    expectKeysInOrder(res.body, ACCOUNT_CHECK_KEYS, [...RESULT_REQUIRED, "error_code", "recommended_game_id"], ["error", "error_text"], "wrong region result");
    expect(res.body).toMatchObject({
      success: false,
      game_id: S.mystic,
      account: PLAYERS.mysticRu.account,
      error_code: "wrong_service_region",
      recommended_game_id: S.mysticRu,
    });
  });

  it("recommends the global service for a non-Russian account checked on the Russia-only service", async () => {
    const res = await check({ game_id: String(S.mysticRu), account: PLAYERS.mystic.account });
    expect(res.body).toMatchObject({ success: false, error_code: "wrong_service_region", recommended_game_id: S.mystic });
  });

  it("does not recommend a service of another brand: a player of 431 is simply not found on 432", async () => {
    const res = await check({ game_id: String(S.arena), account: PLAYERS.sky.account });
    expect(res.body.success).toBe(false);
    expect(res.body).not.toHaveProperty("error_code");
    expect(res.body).not.toHaveProperty("recommended_game_id");
  });

  it("accepts the alias gameid", async () => {
    const res = await check({ gameid: String(S.sky), account: PLAYERS.sky.account });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, game_id: S.sky, player_name: PLAYERS.sky.player_name });
  });

  it.each([TEST_ACCOUNT_WORD, "77778888"])("test=1 confirms the fixed test account %s", async (account) => {
    const res = await check({ game_id: String(S.mystic), account, test: "1" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, game_id: S.mystic, account });
  });

  it("test=1 does not confirm other accounts, even a known player", async () => {
    const res = await check({ game_id: String(S.sky), account: PLAYERS.sky.account, test: "1" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(false);
  });
});

describe("GET /api/account_check – errors", () => {
  it("503 with the body of spec 7.3 when the service's check is switched off", async () => {
    const res = await check({ game_id: String(S.checkOff), account: "123" });
    expect(res.status).toBe(503);
    expectExactKeys(res.body, ["success", "game_name", "game_id", "account", "error", "error_text"], "503 body");
    expect(res.body).toMatchObject({ success: false, game_name: "Check Off Arena", game_id: S.checkOff, account: "123", error: 503 });
  });

  it("404 for an unknown game_id", async () => {
    const res = await check({ game_id: "999999", account: "123" });
    const body = expectCheckError(res, 404);
    expect(body).not.toHaveProperty("game_name");
  });

  it("404 for a service that does not support account check, identifying it", async () => {
    const res = await check({ game_id: String(S.plain), account: "123" });
    const body = expectCheckError(res, 404);
    expectExactKeys(body, ["success", "game_name", "game_id", "account", "error", "error_text"], "404 body");
    expect(body).toMatchObject({ game_name: "Pixel Quest Card", game_id: S.plain, account: "123" });
  });

  it("400 for a service the partner has no access to (decision 22)", async () => {
    const res = await check({ game_id: String(S.mystic), account: PLAYERS.mystic.account }, P.limited);
    const body = expectCheckError(res, 400);
    expect(body).not.toHaveProperty("player_name");
  });

  it("400 naming game_id when neither game_id nor gameid is sent", async () => {
    const res = await check({ account: "123" });
    expectCheckError(res, 400, ["game_id"]);
  });

  it.each(["abc", " 431", "1e3", "+431", "431.0", ""])("400 naming game_id for %j", async (value) => {
    const res = await check({ game_id: value, account: "123" });
    expectCheckError(res, 400, ["game_id"]);
  });

  it("400 naming account when it is missing, still identifying the service", async () => {
    const res = await check({ game_id: String(S.sky) });
    const body = expectCheckError(res, 400, ["account"]);
    expect(body).toMatchObject({ game_name: "Sky Legends Gems", game_id: S.sky });
  });

  it("400 naming account when it is empty", async () => {
    const res = await check({ game_id: String(S.sky), account: "" });
    expectCheckError(res, 400, ["account"]);
  });

  it("401 without authorization, as an error body", async () => {
    h = createHarness();
    const res = await h.request("GET", "/api/account_check", { query: { game_id: String(S.sky), account: "1" } });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toBe(401);
  });

  it("400 (shape) before 404 (existence): an unknown game without account", async () => {
    const res = await check({ game_id: "999999" });
    expectCheckError(res, 400, ["account"]);
  });
});
