import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ManualTime } from "@/tests/support/sandbox/manual-time";
import { testFixture } from "@/tests/support/sandbox/http-test-support";
import { createTokens, formatExpiresAt } from "./tokens";

const secret = new TextEncoder().encode("a-secret");
const partner = testFixture().partners[0]!;

describe("tokens", () => {
  it("issues an HS256 JWT with partner_id, user_id, iat and exp an hour later", async () => {
    const time = new ManualTime(Date.UTC(2026, 0, 15, 12, 0, 0, 750));
    const token = await createTokens({ secret, clock: time }).issue(partner);
    expect(Object.keys(token)).toEqual(["token", "expires_in", "expires_at"]);
    expect(token.expires_in).toBe(3600);
    expect(token.expires_at).toBe("2026-01-15 13:00:00");
    expect(decodeProtectedHeader(token.token)).toMatchObject({ alg: "HS256" });
    const iat = Math.floor(Date.UTC(2026, 0, 15, 12, 0, 0) / 1000);
    expect(decodeJwt(token.token)).toEqual({ partner_id: 1, user_id: 11, iat, exp: iat + 3600 });
  });

  it("verifies against the injected clock, expiring at exp exactly", async () => {
    const time = new ManualTime();
    const tokens = createTokens({ secret, clock: time });
    const { token } = await tokens.issue(partner);
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { partner_id: 1, user_id: 11 } });
    await time.advance(3599_000);
    expect((await tokens.verify(token)).ok).toBe(true);
    await time.advance(1_000);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: "expired" });
  });

  it("rejects tokens signed with another secret or algorithm, or lacking claims", async () => {
    const time = new ManualTime();
    const tokens = createTokens({ secret, clock: time });
    const iat = Math.floor(time.now() / 1000);
    const claims = { partner_id: 1, user_id: 11 };
    const otherSecret = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt(iat).setExpirationTime(iat + 60).sign(new TextEncoder().encode("other"));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: "HS512" }).setIssuedAt(iat).setExpirationTime(iat + 60).sign(secret);
    const noExp = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt(iat).sign(secret);
    const wrongTypes = await new SignJWT({ partner_id: "1", user_id: 11 }).setProtectedHeader({ alg: "HS256" }).setIssuedAt(iat).setExpirationTime(iat + 60).sign(secret);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${encode({ alg: "none" })}.${encode({ ...claims, iat, exp: iat + 60 })}.`;
    for (const token of [otherSecret, hs512, noExp, wrongTypes, unsigned, "abc", "a.b.c", ""]) {
      expect(await tokens.verify(token)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("formats expires_at as YYYY-MM-DD HH:MM:SS in UTC", () => {
    expect(formatExpiresAt(Date.UTC(2026, 11, 31, 23, 59, 59) / 1000)).toBe("2026-12-31 23:59:59");
  });
});
