// Unknown paths and methods (decision 8a) and the per-partner rate limit (decision 23).
import { afterEach, describe, expect, it } from "vitest";
import { P, RATE_LIMIT_PER_MINUTE, V } from "./fixture";
import { createHarness, type Harness } from "./harness";
import { expectError } from "./shapes";

let h: Harness;
afterEach(() => h.close());

describe("unknown paths (decision 8a)", () => {
  it.each([
    ["GET", "/api/unknown"],
    ["POST", "/api/unknown"],
    ["GET", "/api/get_orders"],
    ["POST", "/api/voucher_request"],
    ["GET", "/api/balance/extra"],
    ["GET", "/"],
    ["GET", "/api"],
    ["GET", "/API/BALANCE"],
  ])("%s %s: 404 with the error body", async (method, path) => {
    h = createHarness();
    const token = await h.login(P.main);
    const res = await h.request(method, path, { token, body: method === "POST" ? {} : undefined });
    expectError(res, 404);
  });
});

describe("known paths with another method (decision 8a)", () => {
  const routes: Array<[string, string, string]> = [
    ["GET", "/api/auth/login", "POST"],
    ["PUT", "/api/auth/login", "POST"],
    ["POST", "/api/balance", "GET"],
    ["DELETE", "/api/balance", "GET"],
    ["POST", "/api/gameslist", "GET"],
    ["POST", "/api/voucher_available", "GET"],
    ["GET", "/api/pay", "POST"],
    ["PATCH", "/api/pay", "POST"],
    ["GET", "/api/order_update", "POST"],
    ["POST", "/api/get_order_info", "GET"],
    ["GET", "/api/revise", "POST"],
    ["POST", "/api/account_check", "GET"],
  ];

  it.each(routes)("%s %s: 405 with Allow naming %s and the error body", async (method, path, allowed) => {
    h = createHarness();
    const token = await h.login(P.main);
    const res = await h.request(method, path, { token, body: method === "GET" ? undefined : {} });
    expectError(res, 405);
    const allow = (res.headers.get("allow") ?? "").split(",").map((m) => m.trim().toUpperCase());
    expect(allow).toContain(allowed);
    expect(allow).not.toContain(method);
  });

  it("changes nothing when /api/pay is called with GET and a query", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await h.request("GET", "/api/pay", { token: client.token, query: { voucher_id: String(V.arenaCode) } });
    expectError(res, 405);
    expect(await client.balance()).toBe(1000);
  });
});

describe("rate limit per partner (decision 23)", () => {
  it("answers 429 with Retry-After and the error body beyond rate_limit_per_minute, and recovers after a minute", async () => {
    h = createHarness();
    const client = await h.as(P.throttled);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof client.get>> | undefined;
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE + 3; i += 1) {
      const res = await client.get("/api/balance");
      statuses.push(res.status);
      if (res.status === 429 && !limited) limited = res;
    }
    const ok = statuses.filter((s) => s === 200).length;
    // The login may or may not count against the limit.
    expect(ok === RATE_LIMIT_PER_MINUTE || ok === RATE_LIMIT_PER_MINUTE - 1, `statuses ${statuses.join(",")}`).toBe(true);
    expect(statuses.slice(ok).every((s) => s === 429), `statuses ${statuses.join(",")}`).toBe(true);
    if (!limited) throw new Error("no 429 seen");
    expectError(limited, 429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await h.time.advance(61_000);
    const again = await client.get("/api/balance");
    expect(again.status, again.text).toBe(200);
  });

  it("limits one partner without affecting another", async () => {
    h = createHarness();
    const throttled = await h.as(P.throttled);
    const free = await h.as(P.main);
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE + 2; i += 1) await throttled.get("/api/gameslist");
    expect((await throttled.get("/api/balance")).status).toBe(429);
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE + 5; i += 1) expect((await free.get("/api/balance")).status).toBe(200);
  });

  it("a rate-limited /api/pay changes nothing", async () => {
    h = createHarness();
    const client = await h.as(P.throttled);
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE + 1; i += 1) await client.get("/api/gameslist");
    const res = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "limited1" });
    expectError(res, 429);
    await h.time.advance(61_000);
    expect(await client.balance()).toBe(100);
  });
});
