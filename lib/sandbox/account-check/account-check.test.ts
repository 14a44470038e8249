import { describe, expect, it } from "vitest";
import { createHarness } from "@/tests/support/sandbox/http-test-support";

async function check(query: string, login = "demo") {
  const h = createHarness();
  const response = await h.call("GET", `/api/account_check?${query}`, { token: await h.login(login) });
  const body = (await response.json()) as Record<string, unknown>;
  // Entries keep key order, so every assertion also checks the spec 2.8 order.
  return { status: response.status, entries: Object.entries(body) };
}

describe("GET /api/account_check results", () => {
  it("finds a fixture player with player_name and region", async () => {
    expect(await check("game_id=432&account=12345%7C1")).toEqual({
      status: 200,
      entries: [
        ["success", true], ["message", "player found"], ["game_name", "Stellar Quest Global"], ["game_id", 432],
        ["account", "12345|1"], ["player_name", "Nova"], ["region", "EU"],
      ],
    });
  });

  it("accepts the alias gameid and game_id as a string of digits", async () => {
    const { entries } = await check("gameid=432&account=12345%7C1");
    expect(entries.slice(0, 4)).toEqual([["success", true], ["message", "player found"], ["game_name", "Stellar Quest Global"], ["game_id", 432]]);
    expect((await check("game_id=432&gameid=432&account=12345%7C1")).status).toBe(200);
  });

  it("recommends the service of the same brand the account belongs to", async () => {
    expect(await check("game_id=426&account=5555%7C77")).toEqual({
      status: 200,
      entries: [
        ["success", false], ["message", "the account belongs to another region of this service"], ["game_name", "Moon Legends Global"],
        ["game_id", 426], ["account", "5555|77"], ["error_code", "wrong_service_region"], ["player_name", "Ivan"], ["region", "RU"],
        ["recommended_game_id", 92837],
      ],
    });
  });

  it("does not recommend a service of another brand", async () => {
    const { entries } = await check("game_id=432&account=5555%7C77");
    expect(entries).toEqual([
      ["success", false], ["message", "player not found"], ["game_name", "Stellar Quest Global"], ["game_id", 432], ["account", "5555|77"],
    ]);
  });

  it("answers an unknown account as a not-found validation result", async () => {
    expect(await check("game_id=1&account=wallet-9")).toEqual({
      status: 200,
      entries: [["success", false], ["message", "player not found"], ["game_name", "Store Wallet"], ["game_id", 1], ["account", "wallet-9"]],
    });
  });

  it.each(["testaccount", "77778888"])("with test=1 finds the fixed test account %s without the players list", async (account) => {
    expect(await check(`game_id=426&account=${account}&test=1`)).toEqual({
      status: 200,
      entries: [
        ["success", true], ["message", "player found"], ["game_name", "Moon Legends Global"], ["game_id", 426], ["account", account],
        ["player_name", "Test Player"], ["region", "ROW"],
      ],
    });
  });

  it("with test=1 finds no other account, even a known player", async () => {
    expect((await check("game_id=432&account=12345%7C1&test=1")).entries.slice(0, 2)).toEqual([["success", false], ["message", "player not found"]]);
    expect((await check("game_id=432&account=77778888&test=0")).entries.slice(0, 2)).toEqual([["success", false], ["message", "player not found"]]);
  });
});

describe("GET /api/account_check errors", () => {
  it.each([
    ["account=x", 400, [["success", false], ["account", "x"], ["error", 400], ["error_text", "game_id is required"]]],
    ["game_id=432", 400, [["success", false], ["game_name", "Stellar Quest Global"], ["game_id", 432], ["error", 400], ["error_text", "account is required"]]],
    ["game_id=432&account=", 400, [["success", false], ["game_name", "Stellar Quest Global"], ["game_id", 432], ["error", 400], ["error_text", "account is required"]]],
    ["game_id=abc&account=x", 400, [["success", false], ["account", "x"], ["error", 400], ["error_text", "game_id: expected a positive integer"]]],
    ["game_id=432&account=x&test=2", 400, [["success", false], ["game_name", "Stellar Quest Global"], ["game_id", 432], ["account", "x"], ["error", 400], ["error_text", "test: expected 0 or 1"]]],
    ["game_id=432&account=x&zone=1", 400, [["success", false], ["game_name", "Stellar Quest Global"], ["game_id", 432], ["account", "x"], ["error", 400], ["error_text", "unknown field zone"]]],
    ["game_id=432&gameid=431&account=x", 400, [["success", false], ["game_name", "Stellar Quest Global"], ["game_id", 432], ["account", "x"], ["error", 400], ["error_text", "game_id and gameid must be equal when both are given"]]],
    ["game_id=9999&account=x", 404, [["success", false], ["game_id", 9999], ["account", "x"], ["error", 404], ["error_text", "service 9999 not found"]]],
    ["game_id=600&account=x", 404, [["success", false], ["game_name", "Plain Codes"], ["game_id", 600], ["account", "x"], ["error", 404], ["error_text", "the service does not support account check"]]],
    ["game_id=500&account=x", 503, [["success", false], ["game_name", "Closed Game"], ["game_id", 500], ["account", "x"], ["error", 503], ["error_text", "service temporarily unavailable"]]],
    ["game_id=431&account=x", 503, [["success", false], ["game_name", "Sky Runner"], ["game_id", 431], ["account", "x"], ["error", 503], ["error_text", "account check is not enabled for this service"]]],
    ["game_id=431&account=77778888&test=1", 503, [["success", false], ["game_name", "Sky Runner"], ["game_id", 431], ["account", "77778888"], ["error", 503], ["error_text", "account check is not enabled for this service"]]],
  ])("answers %s with a 2.8-ordered error body", async (query, status, entries) => {
    expect(await check(query)).toEqual({ status, entries });
  });

  it("answers 400 for a service without access, after existence", async () => {
    expect(await check("game_id=426&account=x", "small")).toEqual({
      status: 400,
      entries: [["success", false], ["game_name", "Moon Legends Global"], ["game_id", 426], ["account", "x"], ["error", 400], ["error_text", "no access to the service"]],
    });
    expect((await check("game_id=9999&account=x", "small")).status).toBe(404);
    expect((await check("game_id=431&account=x", "small")).status).toBe(400);
  });

  it("answers a repeated parameter with a 2.8 body naming only what is unambiguous", async () => {
    expect(await check("game_id=432&game_id=1&account=x")).toEqual({
      status: 400,
      entries: [["success", false], ["account", "x"], ["error", 400], ["error_text", "game_id must not be repeated"]],
    });
    expect(await check("game_id=432&account=x&account=y")).toEqual({
      status: 400,
      entries: [["success", false], ["game_name", "Stellar Quest Global"], ["game_id", 432], ["error", 400], ["error_text", "account must not be repeated"]],
    });
  });
});
