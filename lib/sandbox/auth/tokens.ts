// docs/partner-api-decisions.md item 9: HS256 JWTs carrying partner and user ids, `iat` and `exp`. Both issuing
// and checking read the sandbox's clock, so a test can expire a token by advancing time.
import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import type { Token } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import type { Clock } from "@/lib/time/clock";
import { VerifiedTokens } from "./verified-tokens";

/** Spec 2.1: a token lives one hour. */
export const TOKEN_LIFETIME_SECONDS = 3600;

const claimsSchema = z.object({ partner_id: z.number().int(), user_id: z.number().int() });
export type TokenClaims = z.infer<typeof claimsSchema>;

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: "expired" | "invalid" };

export interface Tokens {
  issue(partner: FixturePartner): Promise<Token>;
  verify(token: string): Promise<VerifyResult>;
}

export function createTokens(options: { secret: Uint8Array; clock: Clock }): Tokens {
  const { secret, clock } = options;
  // jose would import a raw secret anew for every token; the key never changes, so once is enough.
  let hmacKey: Promise<CryptoKey> | undefined;
  const key = () =>
    (hmacKey ??= crypto.subtle.importKey("raw", new Uint8Array(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]));
  const verified = new VerifiedTokens();
  return {
    async issue(partner) {
      const iat = Math.floor(clock.now() / 1000);
      const exp = iat + TOKEN_LIFETIME_SECONDS;
      const token = await new SignJWT({ partner_id: partner.partner_id, user_id: partner.user_id })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(await key());
      return { token, expires_in: TOKEN_LIFETIME_SECONDS, expires_at: formatExpiresAt(exp) };
    },
    async verify(token) {
      const known = verified.check(token, Math.floor(clock.now() / 1000));
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await key(), {
          algorithms: ["HS256"],
          currentDate: new Date(clock.now()),
          requiredClaims: ["iat", "exp"],
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return { ok: false, reason: "invalid" };
        // requiredClaims made jose check that exp is a number.
        verified.remember(token, { claims: claims.data, exp: payload.exp as number, nbf: payload.nbf });
        return { ok: true, claims: claims.data };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
        if (error instanceof errors.JOSEError) return { ok: false, reason: "invalid" };
        throw error;
      }
    },
  };
}

/** docs/partner-api-decisions.md item 5: `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatExpiresAt(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace("T", " ");
}
