// Password guessing is slowed per account (one target, many addresses) and per address (one
// address, many accounts), both in fixed windows counted in KV like the shop's other limits.
// The windows are settings (ADMIN_SIGN_IN_LIMIT_ACCOUNT, ADMIN_SIGN_IN_LIMIT_IP).
import { createHash } from "node:crypto";
import type { Env } from "@/lib/config/env";
import type { Kv } from "@/lib/kv/kv";
import { hitFixedWindow } from "@/lib/rate-limit/fixed-window";
import type { RateLimitSetting } from "@/lib/config/rate-limit-setting";
import type { Clock } from "@/lib/time/clock";
import { normalizeEmail } from "@/lib/text/normalize-email";

export interface SignInLimits {
  perAccount: RateLimitSetting;
  perIp: RateLimitSetting;
}

export type SignInLimit = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function signInLimits(config: Env): SignInLimits {
  return { perAccount: config.ADMIN_SIGN_IN_LIMIT_ACCOUNT, perIp: config.ADMIN_SIGN_IN_LIMIT_IP };
}

/** Count one attempt for `email` from `ip`; refused when either is over its window's limit. */
export async function hitSignInLimits(deps: { kv: Kv; clock: Clock; limits: SignInLimits }, email: string, ip: string): Promise<SignInLimit> {
  const { kv, clock, limits } = deps;
  // Hashed: whatever a caller types as an email becomes part of a key.
  const account = createHash("sha256").update(normalizeEmail(email)).digest("hex").slice(0, 32);
  const [byIp, byAccount] = await Promise.all([
    hitFixedWindow(kv, clock, limits.perIp, "admin-sign-in-ip", ip),
    hitFixedWindow(kv, clock, limits.perAccount, "admin-sign-in-account", account),
  ]);
  const refused = [byIp, byAccount].filter((decision) => !decision.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...refused.map((d) => d.resetInMs)) / 1000)) };
}
