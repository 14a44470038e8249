// The one wrapper that puts a route handler behind a per-IP rate limit, so routes stay thin
// and every limited route answers 429 the same way.
import { errorBody } from "@/lib/http/error-body";
import { errorAnswer } from "@/lib/http/json-answer";
import { getKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { systemClock, type Clock } from "@/lib/time/clock";
import { clientIp } from "./client-ip";
import { hitFixedWindow } from "./fixed-window";
import type { RateLimitSetting } from "./rate-limit-setting";

export interface RateLimitOptions {
  /** Names the counter, e.g. the route: "player-check". */
  scope: string;
  /** Read per request, so the configuration is read at start, not at build. */
  setting: () => RateLimitSetting;
  kv?: () => Kv | Promise<Kv>;
  clock?: Clock;
}

/**
 * Wrap `handler` so that a client over its limit gets 429 with Retry-After and never reaches
 * it. If the KV store fails, the request goes through: the limit protects upstream quota, and
 * an outage of the counter should not take the page down with it.
 */
export function withRateLimit<R extends Request, A extends unknown[]>(
  options: RateLimitOptions,
  handler: (request: R, ...rest: A) => Promise<Response>,
): (request: R, ...rest: A) => Promise<Response> {
  const clock = options.clock ?? systemClock;
  const kv = options.kv ?? getKv;
  return async (request, ...rest) => {
    const setting = options.setting();
    let decision;
    try {
      decision = await hitFixedWindow(await kv(), clock, setting, options.scope, clientIp(request.headers));
    } catch (error) {
      console.warn(`[rate-limit] ${options.scope}: counter unavailable, request let through:`, error);
      return handler(request, ...rest);
    }
    if (decision.allowed) return handler(request, ...rest);
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.resetInMs / 1000));
    const body = errorBody("rate_limited", `Too many requests; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
    return errorAnswer(body, { "Retry-After": String(retryAfterSeconds) });
  };
}
