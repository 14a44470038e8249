// A fixed-window counter per key in the KV store: one INCR per request, the counter expiring
// with its window. Simple and the same on every KV driver; its known weakness (up to twice the
// limit across a window boundary) is acceptable for shielding an upstream rate limit.
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import type { RateLimitSetting } from "@/lib/config/rate-limit-setting";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the current window ends (when a refused caller may try again). */
  resetInMs: number;
}

/**
 * Count one request of `subject` (e.g. an IP) against the `scope` (e.g. a route). The window
 * number is in the key, so an expired or missed TTL can never stretch a window.
 */
export async function hitFixedWindow(
  kv: Kv,
  clock: Clock,
  setting: RateLimitSetting,
  scope: string,
  subject: string,
): Promise<RateLimitDecision> {
  const now = clock.now();
  const window = Math.floor(now / setting.windowMs);
  const resetInMs = (window + 1) * setting.windowMs - now;
  const count = await kv.incr(`ratelimit:${scope}:${subject}:${window}`, { ttlMs: resetInMs + 1_000 });
  return {
    allowed: count <= setting.limit,
    limit: setting.limit,
    remaining: Math.max(0, setting.limit - count),
    resetInMs,
  };
}
