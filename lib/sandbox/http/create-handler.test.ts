import { describe, expect, it } from "vitest";
import { createFakeEngine, createHarness, read } from "@/tests/support/sandbox/http-test-support";

const ENDPOINTS = [
  ["POST", "/api/auth/login"],
  ["GET", "/api/balance"],
  ["GET", "/api/gameslist"],
  ["GET", "/api/voucher_available"],
  ["POST", "/api/pay"],
  ["POST", "/api/order_update"],
  ["GET", "/api/get_order_info"],
  ["POST", "/api/revise"],
  ["GET", "/api/account_check"],
] as const;

describe("routing", () => {
  it("answers 404 with the error body for an unknown path", async () => {
    const h = createHarness();
    const response = await h.call("GET", "/api/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(Object.entries(await response.json())).toEqual([
      ["success", false],
      ["error", 404],
      ["error_text", "unknown endpoint"],
    ]);
  });

  it("does not match a trailing slash or a prefix of a known path", async () => {
    const h = createHarness();
    expect((await h.call("GET", "/api/balance/")).status).toBe(404);
    expect((await h.call("GET", "/api")).status).toBe(404);
    expect((await h.call("GET", "/api/__proto__")).status).toBe(404);
  });

  it.each(ENDPOINTS)("answers 405 with Allow for %s %s called with another method", async (method, path) => {
    const h = createHarness();
    const other = method === "GET" ? "POST" : "GET";
    const response = await h.call(other, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(method);
    expect(await response.json()).toEqual({ success: false, error: 405, error_text: `method ${other} is not allowed here; use ${method}` });
  });

  it("answers 405 before authentication", async () => {
    const h = createHarness();
    expect((await h.call("DELETE", "/api/balance")).status).toBe(405);
  });

  it("routes every endpoint with its method once authenticated", async () => {
    const h = createHarness();
    const token = await h.login();
    const answers = await Promise.all([
      h.call("GET", "/api/balance", { token }),
      h.call("GET", "/api/gameslist", { token }),
      h.call("GET", "/api/voucher_available?game_id=432", { token }),
      h.call("POST", "/api/pay", { token, body: { voucher_id: 1001 } }),
      h.call("POST", "/api/order_update", { token, body: { order_id: "1", status: 2 } }),
      h.call("GET", "/api/get_order_info?order_id=7", { token }),
      h.call("POST", "/api/revise", { token, body: { date_from: "2026-01-01", date_to: "2026-01-02", payments: [] } }),
      h.call("GET", "/api/account_check?game_id=432&account=player-1", { token }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(answers.every((r) => r.headers.get("content-type") === "application/json")).toBe(true);
    expect(h.engine.calls.map((c) => c.method).filter((m) => m !== "existingByExt")).toEqual(
      expect.arrayContaining(["balance", "pay", "orderUpdate", "orderInfo", "revise"]),
    );
  });

  it("serves under a base path and nothing outside it", async () => {
    const h = createHarness({ basePath: "/sandbox" });
    const token = await h.login();
    expect((await h.call("GET", "/api/balance", { token })).status).toBe(200);
    const outside = await h.handle(new Request("http://sandbox.test/api/balance", { headers: { Authorization: `Bearer ${token}` } }));
    expect(outside.status).toBe(404);
    const sibling = await h.handle(new Request("http://sandbox.test/sandboxes/api/balance"));
    expect(sibling.status).toBe(404);
  });
});

describe("failures inside the shell", () => {
  it("turns an exception of the engine into a 500 that leaks nothing", async () => {
    const engine = createFakeEngine();
    engine.balance = async () => {
      throw new Error("database password is hunter2");
    };
    const h = createHarness({ engine });
    const token = await h.login();
    const response = await h.call("GET", "/api/balance", { token });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/json");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: 500, error_text: "internal error" });
    expect(text).not.toContain("hunter2");
    expect(h.errors).toHaveLength(1);
  });

  it("answers 500 when the engine's answer cannot be serialised", async () => {
    const engine = createFakeEngine();
    engine.balance = async () => ({ status: 200, body: { balance: 10n } });
    const h = createHarness({ engine });
    const response = await h.call("GET", "/api/balance", { token: await h.login() });
    expect(await read(response)).toEqual({ status: 500, body: { success: false, error: 500, error_text: "internal error" } });
  });

  it("answers 500 when the body stream errors while being read", async () => {
    const h = createHarness();
    const token = await h.login();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new Error("connection reset"));
      },
    });
    const request = new Request("http://sandbox.test/api/pay", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect((await h.handle(request)).status).toBe(500);
  });
});
