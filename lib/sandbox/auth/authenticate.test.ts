import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createHarness, JWT_SECRET, read } from "@/tests/support/sandbox/http-test-support";

const denied = (text: string) => ({ status: 401, body: { success: false, error: 401, error_text: text } });

async function sign(claims: Record<string, unknown>, iat: number, secret = JWT_SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt(iat).setExpirationTime(iat + 3600).sign(new TextEncoder().encode(secret));
}

describe("bearer authentication", () => {
  it.each([
    [{}, "authorization header is required"],
    [{ Authorization: "" }, "authorization header is required"],
    [{ Authorization: "Basic ZGVtbzpkZW1vLWtleQ==" }, "authorization scheme must be Bearer"],
    [{ Authorization: "Token abc" }, "authorization scheme must be Bearer"],
    [{ Authorization: "Bearer" }, "bearer token is missing"],
    [{ Authorization: "Bearer a b" }, "invalid token"],
    [{ Authorization: "Bearer not-a-jwt" }, "invalid token"],
    [{ Authorization: "Bearer a.b.c" }, "invalid token"],
  ])("answers 401 for headers %j", async (headers, text) => {
    const h = createHarness();
    expect(await read(await h.call("GET", "/api/balance", { headers }))).toEqual(denied(text));
    expect(h.engine.calls).toEqual([]);
  });

  it("accepts the scheme in any case", async () => {
    const h = createHarness();
    const token = await h.login();
    expect((await h.call("GET", "/api/balance", { headers: { Authorization: `bearer ${token}` } })).status).toBe(200);
  });

  it("answers 401 for a token signed with another secret or tampered with", async () => {
    const h = createHarness();
    const iat = Math.floor(h.time.now() / 1000);
    const forged = await sign({ partner_id: 1, user_id: 11 }, iat, "someone-elses-secret");
    expect(await read(await h.call("GET", "/api/balance", { token: forged }))).toEqual(denied("invalid token"));

    const [header, , signature] = (await h.login()).split(".");
    const payload = Buffer.from(JSON.stringify({ partner_id: 2, user_id: 12, iat, exp: iat + 3600 })).toString("base64url");
    expect(await read(await h.call("GET", "/api/balance", { token: `${header}.${payload}.${signature}` }))).toEqual(denied("invalid token"));
  });

  it("answers 401 for a well-signed token of an unknown partner or mismatched user", async () => {
    const h = createHarness();
    const iat = Math.floor(h.time.now() / 1000);
    expect(await read(await h.call("GET", "/api/balance", { token: await sign({ partner_id: 99, user_id: 11 }, iat) }))).toEqual(
      denied("unknown partner"),
    );
    expect(await read(await h.call("GET", "/api/balance", { token: await sign({ partner_id: 1, user_id: 12 }, iat) }))).toEqual(
      denied("unknown partner"),
    );
  });

  it("expires a token after an hour of the injected clock", async () => {
    const h = createHarness();
    const token = await h.login();
    await h.time.advance(3599_000);
    expect((await h.call("GET", "/api/balance", { token })).status).toBe(200);
    await h.time.advance(1_000);
    expect(await read(await h.call("GET", "/api/balance", { token }))).toEqual(denied("token expired"));
  });

  it("hands the engine the partner of the token", async () => {
    const h = createHarness();
    await h.call("GET", "/api/balance", { token: await h.login("small") });
    expect(h.engine.calls).toEqual([{ method: "balance", partnerId: 2 }]);
  });

  it("authenticates before checking the request's shape", async () => {
    const h = createHarness();
    expect((await h.call("POST", "/api/pay", { body: "not json", token: "bad" })).status).toBe(401);
    expect((await h.call("GET", "/api/voucher_available?game_id=x")).status).toBe(401);
    expect((await h.call("GET", "/api/account_check")).status).toBe(401);
  });
});
