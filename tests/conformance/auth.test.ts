// Spec 4.1 and section 5 (authentication), decision 9 (HS256 JWT; every bad token is a 401).
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { JWT_SECRET, P, S, V } from "./fixture";
import { asString, createHarness, expectNoOrderWithExtId, type Harness } from "./harness";
import { expectError, expectExactKeys, TOKEN_KEYS } from "./shapes";

let h: Harness;
afterEach(() => h.close());

function utcStamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

describe("POST /api/auth/login", () => {
  it("answers token, expires_in 3600 and expires_at one hour ahead in UTC, in that order", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", { body: { login: P.main.login, api_key: P.main.api_key } });
    expect(res.status).toBe(200);
    expectExactKeys(res.body, TOKEN_KEYS, "token");
    expect(res.body.expires_in).toBe(3600);
    expect(res.body.expires_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.body.expires_at).toBe(utcStamp(h.time.now() + 3600_000));
    expect(asString(res.body.token).split(".")).toHaveLength(3);
  });

  it("issues an HS256 JWT signed with the fixture's secret, with iat and exp an hour apart (decision 9)", async () => {
    h = createHarness();
    const token = await h.login(P.other);
    expect(decodeProtectedHeader(token).alg).toBe("HS256");
    const { payload } = await jwtVerify(token, new TextEncoder().encode(JWT_SECRET), {
      currentDate: new Date(h.time.now()),
    });
    expect(typeof payload.iat).toBe("number");
    expect(typeof payload.exp).toBe("number");
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(payload.exp).toBe(Math.floor(h.time.now() / 1000) + 3600);
    // The claims carry the partner and user ids (under names the decisions leave open).
    const claimValues = Object.values(payload).map(String);
    expect(claimValues).toContain(String(P.other.partner_id));
    expect(claimValues).toContain(String(P.other.user_id));
  });

  it("gives each partner a token that authorizes as that partner", async () => {
    h = createHarness();
    const main = await h.as(P.main);
    const other = await h.as(P.other);
    const a = await main.get("/api/balance");
    const b = await other.get("/api/balance");
    expect(a.body.partner_id).toBe(P.main.partner_id);
    expect(b.body.partner_id).toBe(P.other.partner_id);
  });

  it("answers 401 for an unknown login", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", { body: { login: "nobody", api_key: P.main.api_key } });
    expectError(res, 401);
  });

  it("answers 401 for a wrong api_key", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", { body: { login: P.main.login, api_key: "wrong-key" } });
    expectError(res, 401);
  });

  it("answers 401 for another partner's api_key", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", { body: { login: P.main.login, api_key: P.other.api_key } });
    expectError(res, 401);
  });

  it("answers 401 for an api_key differing only in case", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", {
      body: { login: P.main.login, api_key: P.main.api_key.toUpperCase() },
    });
    expectError(res, 401);
  });

  it.each([
    ["login missing", { api_key: P.main.api_key }, "login"],
    ["api_key missing", { login: P.main.login }, "api_key"],
    ["login a number", { login: 123, api_key: P.main.api_key }, "login"],
    ["api_key an object", { login: P.main.login, api_key: { key: "x" } }, "api_key"],
    ["api_key an array", { login: P.main.login, api_key: [P.main.api_key] }, "api_key"],
    ["login a boolean", { login: true, api_key: P.main.api_key }, "login"],
  ])("answers 400 naming the field when %s (decisions 2, 8b)", async (_name, body, field) => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", { body });
    expectError(res, 400, [field]);
  });

  it.each([
    ["not JSON", "login=demo&api_key=x"],
    ["a JSON array", "[]"],
    ["a JSON string", '"alpha"'],
    ["empty", ""],
  ])("answers 400 when the body is %s (decision 1)", async (_name, rawBody) => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", { rawBody, headers: { "Content-Type": "application/json" } });
    expectError(res, 400);
  });

  it("accepts a valid JSON body sent without a Content-Type (decision 1)", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", {
      rawBody: JSON.stringify({ login: P.main.login, api_key: P.main.api_key }),
    });
    expect(res.status, res.text).toBe(200);
    expectExactKeys(res.body, TOKEN_KEYS);
  });

  it("accepts a valid JSON body sent as text/plain (decision 1)", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", {
      rawBody: JSON.stringify({ login: P.main.login, api_key: P.main.api_key }),
      headers: { "Content-Type": "text/plain" },
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe("Bearer authorization on every other endpoint (section 5, decision 9)", () => {
  const protectedCalls: Array<[string, string, Record<string, string> | undefined, unknown]> = [
    ["GET", "/api/balance", undefined, undefined],
    ["GET", "/api/gameslist", undefined, undefined],
    ["GET", "/api/voucher_available", { game_id: String(S.arena) }, undefined],
    ["POST", "/api/pay", undefined, { voucher_id: V.arenaCode }],
    ["POST", "/api/order_update", undefined, { order_id: "1", status: 2 }],
    ["GET", "/api/get_order_info", { order_id: "1" }, undefined],
    ["POST", "/api/revise", undefined, { date_from: "2026-01-01", date_to: "2026-01-15", payments: [] }],
    ["GET", "/api/account_check", { game_id: String(S.sky), account: "700100" }, undefined],
  ];

  it.each(protectedCalls)("%s %s without Authorization answers 401", async (method, path, query, body) => {
    h = createHarness();
    const res = await h.request(method, path, { query, body });
    expectError(res, 401);
  });

  async function balanceWith(authorization: string | undefined) {
    const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
    return h.request("GET", "/api/balance", { headers });
  }

  it("rejects a scheme other than Bearer", async () => {
    h = createHarness();
    const token = await h.login(P.main);
    expectError(await balanceWith(`Basic ${token}`), 401);
    expectError(await balanceWith(`Token ${token}`), 401);
    expectError(await balanceWith(token), 401);
  });

  it("rejects an empty or garbage bearer token", async () => {
    h = createHarness();
    expectError(await balanceWith("Bearer "), 401);
    expectError(await balanceWith("Bearer garbage"), 401);
    expectError(await balanceWith("Bearer a.b.c"), 401);
  });

  it("rejects a token whose signature was altered", async () => {
    h = createHarness();
    const token = await h.login(P.main);
    const [head, body, signature] = token.split(".");
    const flipped = `${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`;
    expectError(await balanceWith(`Bearer ${head}.${body}.${flipped}`), 401);
  });

  it("rejects the same claims signed with another secret", async () => {
    h = createHarness();
    const claims = decodeJwt(await h.login(P.main));
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("some-other-secret-of-enough-length"));
    expectError(await balanceWith(`Bearer ${forged}`), 401);
  });

  it("rejects an unsigned token (alg none) with valid claims", async () => {
    h = createHarness();
    const token = await h.login(P.main);
    const [, body] = token.split(".");
    const head = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    expectError(await balanceWith(`Bearer ${head}.${body}.`), 401);
  });

  it("rejects a correctly signed token whose exp has passed", async () => {
    h = createHarness();
    const claims = decodeJwt(await h.login(P.main));
    const nowSec = Math.floor(h.time.now() / 1000);
    const stale = await new SignJWT({ ...claims, iat: nowSec - 7200, exp: nowSec - 3600 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(JWT_SECRET));
    expectError(await balanceWith(`Bearer ${stale}`), 401);
  });

  it("accepts a token until its hour is over and rejects it after (token lifetime, section 8)", async () => {
    h = createHarness();
    const token = await h.login(P.main);
    await h.time.advance(3590_000);
    const still = await balanceWith(`Bearer ${token}`);
    expect(still.status, still.text).toBe(200);
    await h.time.advance(11_000);
    expectError(await balanceWith(`Bearer ${token}`), 401);
    // Logging in again gives a working token (no refresh endpoint, decision 9).
    const fresh = await h.login(P.main);
    expect((await balanceWith(`Bearer ${fresh}`)).status).toBe(200);
  });

  it("changes nothing when a purchase carries a bad token", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const before = await client.balance();
    const claims = decodeJwt(client.token);
    const nowSec = Math.floor(h.time.now() / 1000);
    const stale = await new SignJWT({ ...claims, iat: nowSec - 7200, exp: nowSec - 1 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(JWT_SECRET));
    for (const authorization of [`Bearer ${stale}`, "Bearer garbage", `Basic ${client.token}`]) {
      const res = await h.request("POST", "/api/pay", {
        headers: { Authorization: authorization },
        body: { voucher_id: V.arenaCode, ext_order_id: "badtoken1" },
      });
      expectError(res, 401);
    }
    expect(await client.balance()).toBe(before);
    await expectNoOrderWithExtId(client, "badtoken1", V.plainCode);
  });

  it("answers 401 before looking at a malformed body (decision 8b)", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/pay", { rawBody: "{not json", headers: { "Content-Type": "application/json" } });
    expectError(res, 401);
    const res2 = await h.request("GET", "/api/voucher_available", { query: { game_id: "abc" } });
    expectError(res2, 401);
  });
});
