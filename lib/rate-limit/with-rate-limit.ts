// The one wrapper that puts a route handler behind a per-IP rate limit, so routes stay thin
// and every limited route answers 429 the same way.
import { errorBody } from "@/lib/http/error-body";
import { errorAnswer } from "@/lib/http/json-answer";
import { getKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { systemClock, type Clock } from "@/lib/time/clock";
import { clientIp } from "./client-ip";
import { hitFixedWindow } from "./fixed-window";
import type { RateLimitSetting } from "@/lib/config/rate-limit-setting";

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
  return async (request, ...rest) => (await countRequest(options, request)()) ?? handler(request, ...rest);
}

/**
 * Count `request` against its limit now, and say later whether it may go on: null, or the 429
 * to answer instead. For a handler that reads before it writes (POST /api/checkout), so that the
 * count goes out in the same round trip as its first reads; it must ask before its first write,
 * and before answering anything else. A store that fails lets the request through, as above.
 */
export function countRequest(options: RateLimitOptions, request: Request): () => Promise<Response | null> {
  const clock = options.clock ?? systemClock;
  const kv = options.kv ?? getKv;
  const setting = options.setting();
  const answer = (async () => {
    let decision;
    try {
      decision = await hitFixedWindow(await kv(), clock, setting, options.scope, clientIp(request.headers));
    } catch (error) {
      console.warn(`[rate-limit] ${options.scope}: counter unavailable, request let through:`, error);
      return null;
    }
    if (decision.allowed) return null;
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.resetInMs / 1000));
    const body = errorBody("rate_limited", `Too many requests; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
    return errorAnswer(body, { "Retry-After": String(retryAfterSeconds) });
  })();
  return () => answer;
}
