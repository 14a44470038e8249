// The route wrapper's needs (lib/http/route.ts) wired from configuration: the shop's public
// origin, each route's rate limit on the shop's KV, and the cron secret. Routes name them,
//   route({ sameOrigin, rateLimit: rateLimit("activation") }, handler)
// and never read the settings themselves.
import { env } from "@/lib/config/env";
import type { RateLimitSetting } from "@/lib/config/rate-limit-setting";
import { publicOrigin } from "@/lib/config/shop-origin";
import type { RateLimitNeed } from "@/lib/http/route";
import { getKv } from "@/lib/kv/get-kv";
import { countRequest } from "@/lib/rate-limit/count-request";
import { systemClock } from "@/lib/time/clock";
import { shopClientIpTrust } from "./client-ip";

/** Per client address. A player check spends the partner's upstream rate limit, which /api/pay shares. */
const LIMITS = {
  checkout: () => env().CHECKOUT_RATE_LIMIT,
  activation: () => env().CHECKOUT_RATE_LIMIT,
  "player-check": () => env().PLAYER_CHECK_RATE_LIMIT,
  "order-links": () => env().ORDER_LINKS_RATE_LIMIT,
} satisfies Record<string, () => RateLimitSetting>;

export function sameOrigin(): readonly string[] {
  return [publicOrigin()];
}

export function cronSecret(): string | undefined {
  return env().CRON_SECRET;
}

/** The limit named `scope`, read per request so the configuration is read at start, not at build. */
export function rateLimit(scope: keyof typeof LIMITS, askedBy: RateLimitNeed["askedBy"] = "arrival"): RateLimitNeed {
  return { askedBy, count: (request) => countRequest({ scope, setting: LIMITS[scope](), kv: getKv, clock: systemClock, trust: shopClientIpTrust() }, request) };
}
