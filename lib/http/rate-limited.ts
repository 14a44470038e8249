// The one 429: the envelope's `rate_limited` with the wait in seconds, in the body for a page
// and in Retry-After for any HTTP client. The route wrapper's limits and the sign-in limit
// (lib/shop/auth-route.ts, which counts per account as well) answer with it.
import { errorBody } from "./error-body";
import { errorAnswer } from "./json-answer";

export interface Limited {
  /** Whole seconds until the caller may try again (at least 1). */
  retryAfterSeconds: number;
}

export function rateLimited({ retryAfterSeconds }: Limited, what = "requests"): Response {
  const body = errorBody("rate_limited", `Too many ${what}; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
  return errorAnswer(body, { "Retry-After": String(retryAfterSeconds) });
}
