// The optional second factor: TOTP (RFC 6238) through the otpauth library, so any
// authenticator app works. Enrolment is two steps (a pending secret, then a code from the app
// proves it was scanned), and comes with recovery codes for a lost phone. A code is accepted
// once: the same six digits seen twice in their 30 s are refused the second time.
import { createHash, randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import { z } from "zod";
import { getJson, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import { AUTH_KEYS } from "./keys";

const ISSUER = "Voucher Storefront admin";
const PERIOD_S = 30;
const PENDING_TTL_MS = 15 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

const totpRecordSchema = z.object({ secret: z.string(), enabledAt: z.number().int() });

function totpFor(email: string, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label: email, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret: OTPAuth.Secret.fromBase32(secret) });
}

export async function totpEnabled(kv: Kv, email: string): Promise<boolean> {
  return (await getJson(kv, AUTH_KEYS.totp(email), totpRecordSchema)) !== null;
}

/** Start enrolment: a new secret, held for 15 minutes; its otpauth:// URI goes into the QR code. */
export async function startTotpEnrolment(kv: Kv, email: string): Promise<{ secret: string; uri: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await kv.set(AUTH_KEYS.totpPending(email), secret, { ttlMs: PENDING_TTL_MS });
  return { secret, uri: totpFor(email, secret).toString() };
}

/** The enrolment under way, if any, to show its QR code again. */
export async function pendingTotp(kv: Kv, email: string): Promise<{ secret: string; uri: string } | null> {
  const secret = await kv.get(AUTH_KEYS.totpPending(email));
  return secret === null ? null : { secret, uri: totpFor(email, secret).toString() };
}

/** Finish enrolment with a code from the app; answers the recovery codes, shown once, or null. */
export async function confirmTotpEnrolment(kv: Kv, clock: Clock, email: string, code: string): Promise<string[] | null> {
  const secret = await kv.get(AUTH_KEYS.totpPending(email));
  if (secret === null || !(await takeCode(kv, clock, email, secret, code))) return null;
  await setJson(kv, AUTH_KEYS.totp(email), { secret, enabledAt: clock.now() });
  await kv.del(AUTH_KEYS.totpPending(email));
  return newRecoveryCodes(kv, email);
}

/** A code from the app, or one of the recovery codes (each works once). */
export async function verifySecondFactor(kv: Kv, clock: Clock, email: string, code: string): Promise<"totp" | "recovery" | null> {
  const record = await getJson(kv, AUTH_KEYS.totp(email), totpRecordSchema);
  if (!record) return null;
  const digits = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) return (await takeCode(kv, clock, email, record.secret, digits)) ? "totp" : null;
  // zRem answers true to one caller only: a recovery code cannot be used twice, even at once.
  return (await kv.zRem(AUTH_KEYS.recoveryCodes(email), recoveryHash(code))) ? "recovery" : null;
}

export async function disableTotp(kv: Kv, email: string): Promise<void> {
  await Promise.all([kv.del(AUTH_KEYS.totp(email)), kv.del(AUTH_KEYS.recoveryCodes(email)), kv.del(AUTH_KEYS.totpPending(email))]);
}

export function recoveryCodesLeft(kv: Kv, email: string): Promise<number> {
  return kv.zCard(AUTH_KEYS.recoveryCodes(email));
}

/** Replace the recovery codes; answers the new ones, which only their hashes outlive. */
export async function newRecoveryCodes(kv: Kv, email: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString("hex");
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  await kv.del(AUTH_KEYS.recoveryCodes(email));
  for (const code of codes) await kv.zAdd(AUTH_KEYS.recoveryCodes(email), 0, recoveryHash(code));
  return codes;
}

/**
 * Recovery codes are 40 random bits and each works once, so a fast hash is enough: unlike a
 * password, nobody chose them, and there is no dictionary to try against a leaked copy.
 */
function recoveryHash(code: string): string {
  return createHash("sha256").update(code.trim().toLowerCase()).digest("hex");
}

async function takeCode(kv: Kv, clock: Clock, email: string, secret: string, code: string): Promise<boolean> {
  const now = clock.now();
  // One period either side for a phone whose clock is a little off.
  const delta = totpFor(email, secret).validate({ token: code.replace(/\s/g, ""), timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD_S) + delta;
  return kv.setIfAbsent(AUTH_KEYS.totpUsed(email, step), "1", { ttlMs: 4 * PERIOD_S * 1000 });
}
