// One request of a client (its address) counted against a route's per-address limit. Answers a
// decision, not an HTTP answer: the route wrapper (lib/http/route.ts) says 429 the one way.
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import type { ClientIpTrust } from "@/lib/config/client-ip-trust";
import type { RateLimitSetting } from "@/lib/config/rate-limit-setting";
import { clientIp } from "./client-ip";
import { hitFixedWindow } from "./fixed-window";

export interface RateLimitOptions {
  /** Names the counter, e.g. the route: "player-check". */
  scope: string;
  setting: RateLimitSetting;
  kv: () => Kv | Promise<Kv>;
  clock: Clock;
  /** Which headers name the client (lib/rate-limit/client-ip.ts). */
  trust: ClientIpTrust;
}

/** Null while within the limit, else how long the client must wait. */
export async function countRequest(options: RateLimitOptions, request: Request): Promise<{ retryAfterSeconds: number } | null> {
  const decision = await hitFixedWindow(await options.kv(), options.clock, options.setting, options.scope, clientIp(request.headers, options.trust));
  if (decision.allowed) return null;
  return { retryAfterSeconds: Math.max(1, Math.ceil(decision.resetInMs / 1000)) };
}
