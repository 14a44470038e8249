// Password guessing is slowed per account (one target, many addresses) and per address (one
// address, many accounts), both in fixed windows counted in KV like the shop's other limits.
import { createHash } from "node:crypto";
import type { Kv } from "@/lib/kv/kv";
import { hitFixedWindow } from "@/lib/rate-limit/fixed-window";
import type { RateLimitSetting } from "@/lib/rate-limit/rate-limit-setting";
import type { Clock } from "@/lib/time/clock";

export const SIGN_IN_LIMITS = {
  perAccount: { limit: 10, windowMs: 15 * 60_000 },
  perIp: { limit: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimitSetting>;

export type SignInLimit = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Count one attempt for `email` from `ip`; refused when either is over its window's limit. */
export async function hitSignInLimits(kv: Kv, clock: Clock, email: string, ip: string): Promise<SignInLimit> {
  // Hashed: whatever a caller types as an email becomes part of a key.
  const account = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
  const [byIp, byAccount] = await Promise.all([
    hitFixedWindow(kv, clock, SIGN_IN_LIMITS.perIp, "admin-sign-in-ip", ip),
    hitFixedWindow(kv, clock, SIGN_IN_LIMITS.perAccount, "admin-sign-in-account", account),
  ]);
  const refused = [byIp, byAccount].filter((decision) => !decision.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...refused.map((d) => d.resetInMs)) / 1000)) };
}
