// The one wrapper for every route under app/api/: a route declares what it needs (its requests
// from our own pages only, a rate limit, the cron secret) and the wrapper does it the same way
// for all, so a route cannot forget a check or answer a refusal in a shape of its own. Whatever
// a handler throws (a library's surprise, a page-oriented reader that throws in an outage)
// becomes the one error envelope: the error's own answer when it carries one
// (answerable-error.ts), else `internal` with the details logged and never sent. Without it
// Next answers an uncaught throw with its own HTML 500, which no client of ours can read.
// lib/http stays below the folders it serves: the checks come in as functions the composition
// root wires (lib/shop/route-needs.ts).
import { answerOf } from "./answerable-error";
import { errorBody } from "./error-body";
import { errorAnswer } from "./json-answer";
import { cronRefusal } from "./cron-secret";
import { rateLimited, type Limited } from "./rate-limited";
import { sameOriginRefusal } from "./same-origin-refusal";

export const PUBLIC_ROUTE = Symbol.for("voucher-storefront.public-route");

export interface RateLimitNeed {
  /** Counts the request against its limit: how long it must wait when over it, else null. */
  count(request: Request): Promise<Limited | null>;
  /**
   * "arrival" (the default): a request over its limit is answered before the handler runs.
   * "handler": the handler runs at once and asks `gate.admitted()` before its first write, so
   * that the count shares a KV round trip with its first reads (POST /api/checkout).
   */
  askedBy?: "arrival" | "handler";
}

export interface RouteNeeds {
  /** Only from our own pages (or a program): the origins the shop is reached at. Not for GET/HEAD. */
  sameOrigin?: () => readonly string[];
  rateLimit?: RateLimitNeed;
  /** Only with `Authorization: Bearer <the cron secret>`; closed while no secret is configured. */
  cronSecret?: () => string | undefined;
}

/** What the wrapper tells a handler: whether the request is within its rate limit. */
export interface Gate {
  admitted(): Promise<boolean>;
}

export type Handler<R extends Request, C> = (request: R, context: C, gate: Gate) => Promise<Response>;
/** Next passes a context ({ params }); a route without segments may be called without one. */
export type RouteHandler<R extends Request, C> = ((request: R, ...context: undefined extends C ? [C?] : [C]) => Promise<Response>) & { [PUBLIC_ROUTE]: RouteNeeds };

const INTERNAL = errorBody("internal", "Something went wrong on our side; try again shortly.");
const ALWAYS: Gate = { admitted: async () => true };

export function route<R extends Request, C = unknown>(needs: RouteNeeds, handler: Handler<R, C>): RouteHandler<R, C> {
  const wrapped = async (request: R, ...[context]: [C?]): Promise<Response> => {
    try {
      // Counted as the request arrives; a client over its limit hears so whatever else it sent.
      // A counter that cannot be reached lets the request through: the limit protects upstream
      // quota, and its outage should not take the route down with it.
      const counted = (needs.rateLimit?.count(request) ?? Promise.resolve(null)).catch((error: unknown) => {
        console.warn(`[rate-limit] ${new URL(request.url).pathname}: counter unavailable, request let through:`, error);
        return null;
      });
      const limited = async () => {
        const over = await counted;
        return over ? rateLimited(over) : null;
      };
      const refusal = (needs.cronSecret && cronRefusal(request, needs.cronSecret())) || (needs.sameOrigin && sameOriginRefusal(request, needs.sameOrigin()));
      if (refusal) return (await limited()) ?? refusal;
      if (needs.rateLimit?.askedBy !== "handler") return (await limited()) ?? (await handler(request, context as C, ALWAYS));
      const answer = await handler(request, context as C, { admitted: async () => (await counted) === null });
      return (await limited()) ?? answer;
    } catch (error) {
      const answer = answerOf(error);
      console.error(`[http] ${request.method} ${new URL(request.url).pathname} threw${answer ? ` (answered ${answer.error})` : ""}:`, error);
      return errorAnswer(answer ?? INTERNAL);
    }
  };
  // A guard's own marks (the admin's role) stay readable on what the route exports.
  const marks = Object.fromEntries(
    Object.getOwnPropertySymbols(handler)
      .filter((key) => Object.getOwnPropertyDescriptor(handler, key)?.enumerable)
      .map((key) => [key, (handler as unknown as Record<symbol, unknown>)[key]]),
  );
  return Object.assign(wrapped, marks, { [PUBLIC_ROUTE]: needs }) as unknown as RouteHandler<R, C>;
}

/** The needs a route was built with, or undefined when it was not built by `route`. */
export function routeNeedsOf(value: unknown): RouteNeeds | undefined {
  return typeof value === "function" ? (value as unknown as Record<symbol, RouteNeeds | undefined>)[PUBLIC_ROUTE] : undefined;
}
