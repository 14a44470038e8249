// The signature QStash puts on each delivery (Upstash-Signature): a JWT signed with HS256 and
// the current signing key, issuer "Upstash", subject the destination URL, and the body's
// SHA-256 (base64url) as its `body` claim, valid for five minutes. The real Receiver of
// @upstash/qstash verifies exactly these claims, so the shop's route runs the same check as
// against QStash itself.
import { createHash, randomUUID } from "node:crypto";
import { SignJWT } from "jose";

/** How long a delivery's signature stays valid, as QStash signs it. */
const SIGNATURE_TTL_S = 300;

/** `nowMs` is wall-clock time: the receiver checks the token's times against its own clock. */
export function signDelivery(signingKey: string, url: string, body: string, nowMs: number): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({ body: createHash("sha256").update(body).digest("base64url") })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("Upstash")
    .setSubject(url)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + SIGNATURE_TTL_S)
    .setJti(`jwt_${randomUUID()}`)
    .sign(new TextEncoder().encode(signingKey));
}
