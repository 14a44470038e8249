// docs/partner-api-decisions.md item 23: a fixture may cap a partner's requests per minute. A sliding window
// (the times of the last minute's accepted requests) avoids the double burst a fixed window
// allows at its edge, and Retry-After says when the oldest of them leaves the window.
import type { FixturePartner } from "../fixture/schema";
import type { Clock } from "@/lib/time/clock";
import { errorResult, type ApiResult } from "./error-result";

const WINDOW_MS = 60_000;

export interface RateLimiter {
  /** Null when the request may go on; else the 429 to answer. */
  take(partner: FixturePartner): ApiResult | null;
}

export function createRateLimiter(clock: Clock): RateLimiter {
  const accepted = new Map<number, number[]>();
  return {
    take(partner) {
      const limit = partner.rate_limit_per_minute;
      if (limit === null) return null;
      const now = clock.now();
      const recent = (accepted.get(partner.partner_id) ?? []).filter((at) => at > now - WINDOW_MS);
      accepted.set(partner.partner_id, recent);
      const oldest = recent[0];
      if (recent.length >= limit && oldest !== undefined) {
        const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
        return errorResult(429, `too many requests: at most ${limit} per minute`, { "Retry-After": String(retryAfter) });
      }
      recent.push(now);
      return null;
    },
  };
}
