import { describe, expect, it } from "vitest";
import { queryObject } from "./query-params";
import { createHarness, read } from "@/tests/support/sandbox/http-test-support";

describe("queryObject", () => {
  it("turns parameters into an object, decoding them", () => {
    expect(queryObject(new URLSearchParams("game_id=432&account=a%7Cb+c"))).toEqual({ ok: true, value: { game_id: "432", account: "a|b c" } });
  });

  it("answers 400 for a repeated parameter", () => {
    const result = queryObject(new URLSearchParams("game_id=1&game_id=2"));
    expect(result.ok ? null : result.error).toEqual({ status: 400, body: { success: false, error: 400, error_text: "game_id must not be repeated" } });
  });

  it("defines __proto__ as an own field", () => {
    const result = queryObject(new URLSearchParams("__proto__=1"));
    expect(result.ok && Object.hasOwn(result.value, "__proto__")).toBe(true);
  });
});

describe("GET parameters through the handler", () => {
  it("runs them through the request schemas, numbers as strings included", async () => {
    const h = createHarness();
    const token = await h.login();
    expect((await h.call("GET", "/api/voucher_available?game_id=432", { token })).status).toBe(200);
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=4.5", { token }))).toEqual({
      status: 400,
      body: { success: false, error: 400, error_text: "game_id: expected a positive integer" },
    });
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=+432", { token }))).toEqual({
      status: 400,
      body: { success: false, error: 400, error_text: "game_id: expected a positive integer" },
    });
    expect(await read(await h.call("GET", "/api/voucher_available", { token }))).toEqual({
      status: 400,
      body: { success: false, error: 400, error_text: "game_id is required" },
    });
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=432&game_id=432", { token }))).toEqual({
      status: 400,
      body: { success: false, error: 400, error_text: "game_id must not be repeated" },
    });
    expect(await read(await h.call("GET", "/api/voucher_available?game_id=432&gameid=432", { token }))).toEqual({
      status: 400,
      body: { success: false, error: 400, error_text: "unknown field gameid" },
    });
  });

  it("rejects parameters on endpoints that take none", async () => {
    const h = createHarness();
    const token = await h.login();
    expect(await read(await h.call("GET", "/api/balance?x=1", { token }))).toEqual({
      status: 400,
      body: { success: false, error: 400, error_text: "unknown field x" },
    });
    expect((await h.call("GET", "/api/gameslist?page=2", { token })).status).toBe(400);
    expect(h.engine.calls).toEqual([]);
  });

  it("hands get_order_info its order_id as a string", async () => {
    const h = createHarness();
    const token = await h.login();
    expect(await read(await h.call("GET", "/api/get_order_info?order_id=000123", { token }))).toEqual({
      status: 200,
      body: { handled: "orderInfo", query: { order_id: "000123" } },
    });
    expect((await h.call("GET", "/api/get_order_info?order_id=12a", { token })).status).toBe(400);
    expect(await read(await h.call("GET", "/api/get_order_info", { token }))).toEqual({
      status: 400,
      body: { success: false, error: 400, error_text: "order_id is required" },
    });
  });
});
