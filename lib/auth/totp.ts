// The optional second factor: TOTP (RFC 6238) through the otpauth library, so any
// authenticator app works. Enrolment is two steps (a pending secret, then a code from the app
// proves it was scanned), and comes with recovery codes for a lost phone. A code is accepted
// once: the same six digits seen twice in their 30 s are refused the second time. Secrets are
// kept sealed (totp-vault.ts); recovery codes only as hashes.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import * as OTPAuth from "otpauth";
import { z } from "zod";
import { parseJsonValue, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { compareAndSet, receiptKey } from "@/lib/kv/scripts";
import type { Clock } from "@/lib/time/clock";
import { AUTH_KEYS } from "./keys";
import type { TotpVault } from "./totp-vault";

const ISSUER = "Voucher Storefront admin";
const PERIOD_S = 30;
const PENDING_TTL_MS = 15 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

const enabledAt = z.number().int();
/** `secret` in the clear is how a record was kept before sealing; it is sealed when next read. */
const totpRecordSchema = z.union([z.object({ sealed: z.string(), enabledAt }), z.object({ secret: z.string(), enabledAt })]);

export interface TotpDeps {
  kv: Kv;
  clock: Clock;
  vault: TotpVault;
}

function totpFor(email: string, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label: email, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret: OTPAuth.Secret.fromBase32(secret) });
}

export async function totpEnabled(kv: Kv, email: string): Promise<boolean> {
  return (await kv.get(AUTH_KEYS.totp(email))) !== null;
}

/** Start enrolment: a new secret, held for 15 minutes; its otpauth:// URI goes into the QR code. */
export async function startTotpEnrolment(deps: Pick<TotpDeps, "kv" | "vault">, email: string): Promise<{ secret: string; uri: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await deps.kv.set(AUTH_KEYS.totpPending(email), deps.vault.seal(secret, email), { ttlMs: PENDING_TTL_MS });
  return { secret, uri: totpFor(email, secret).toString() };
}

/**
 * The enrolment under way, if any, to show its QR code again. One that does not open (begun
 * before secrets were sealed, or under another AUTH_SECRET) is none: the person starts again.
 */
export async function pendingTotp(deps: Pick<TotpDeps, "kv" | "vault">, email: string): Promise<{ secret: string; uri: string } | null> {
  const sealed = await deps.kv.get(AUTH_KEYS.totpPending(email));
  const secret = sealed === null ? null : deps.vault.open(sealed, email);
  return secret?.ok ? { secret: secret.value, uri: totpFor(email, secret.value).toString() } : null;
}

/** Finish enrolment with a code from the app; answers the recovery codes, shown once, or null. */
export async function confirmTotpEnrolment(deps: TotpDeps, email: string, code: string): Promise<string[] | null> {
  const pending = await pendingTotp(deps, email);
  if (pending === null || !(await takeCode(deps, email, pending.secret, code))) return null;
  await setJson(deps.kv, AUTH_KEYS.totp(email), { sealed: deps.vault.seal(pending.secret, email), enabledAt: deps.clock.now() });
  await deps.kv.del(AUTH_KEYS.totpPending(email));
  return newRecoveryCodes(deps.kv, email);
}

/** A code from the app, or one of the recovery codes (each works once). */
export async function verifySecondFactor(deps: TotpDeps, email: string, code: string): Promise<"totp" | "recovery" | null> {
  const digits = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    const secret = await enabledSecret(deps, email);
    return secret !== null && (await takeCode(deps, email, secret, digits)) ? "totp" : null;
  }
  if (!(await totpEnabled(deps.kv, email))) return null;
  // zRem answers true to one caller only: a recovery code cannot be used twice, even at once.
  return (await deps.kv.zRem(AUTH_KEYS.recoveryCodes(email), recoveryHash(code))) ? "recovery" : null;
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
 * The enabled factor's secret, or null. A secret kept in the clear by an earlier release is
 * used, and sealed in its place at once rather than on some later write (an enabled factor is
 * never rewritten); compare-and-set, so a factor turned off meanwhile stays off.
 */
async function enabledSecret(deps: TotpDeps, email: string): Promise<string | null> {
  const key = AUTH_KEYS.totp(email);
  const raw = await deps.kv.get(key);
  if (raw === null) return null;
  const record = parseJsonValue(raw, key, totpRecordSchema);
  if ("sealed" in record) {
    const opened = deps.vault.open(record.sealed, email);
    // Only a recovery code signs this person in now; worth a line in the server's log.
    if (!opened.ok) console.error(`[auth] The second factor of ${email} does not open: AUTH_SECRET changed since it was set up, or KV was altered.`);
    return opened.ok ? opened.value : null;
  }
  const value = JSON.stringify({ sealed: deps.vault.seal(record.secret, email), enabledAt: record.enabledAt });
  await deps.kv.run(compareAndSet, { keys: { target: key, receipt: receiptKey(key, randomUUID()) }, args: { expected: raw, value, ttlMs: 0 } });
  return record.secret;
}

/**
 * Recovery codes are 40 random bits and each works once, so a fast hash is enough: unlike a
 * password, nobody chose them, and there is no dictionary to try against a leaked copy.
 */
function recoveryHash(code: string): string {
  return createHash("sha256").update(code.trim().toLowerCase()).digest("hex");
}

async function takeCode(deps: Pick<TotpDeps, "kv" | "clock">, email: string, secret: string, code: string): Promise<boolean> {
  const now = deps.clock.now();
  // One period either side for a phone whose clock is a little off.
  const delta = totpFor(email, secret).validate({ token: code.replace(/\s/g, ""), timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD_S) + delta;
  return deps.kv.setIfAbsent(AUTH_KEYS.totpUsed(email, step), "1", { ttlMs: 4 * PERIOD_S * 1000 });
}
