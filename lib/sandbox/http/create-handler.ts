// The sandbox's HTTP shell: routes, answers 404/405, authenticates, rate-limits and turns every
// outcome, even a crash, into a JSON answer. The responder works on the SandboxRequest both
// adapters provide; the Web-standard `(Request) => Promise<Response>` handler wraps it.
import { createAuthenticate } from "../auth/authenticate";
import { createTokens } from "../auth/tokens";
import type { CatalogIndex } from "../catalog-index";
import type { Fixture } from "../fixture/schema";
import type { OrderEngine } from "../orders/order-engine";
import type { Clock } from "@/lib/time/clock";
import { errorResult, type ApiResult } from "./error-result";
import { serialize, toResponse, type JsonAnswer } from "./json-response";
import { createRateLimiter } from "./rate-limiter";
import { buildRoutes } from "./routes";
import type { SandboxRequest } from "./sandbox-request";
import { fromWebRequest } from "./web-request";

export interface SandboxHandlerOptions {
  fixture: Fixture;
  catalog: CatalogIndex;
  engine: OrderEngine;
  clock: Clock;
  jwtSecret: Uint8Array;
  /** Prefix the sandbox is mounted under, e.g. "/sandbox"; "" when it owns the whole origin. */
  basePath?: string;
  /** Told about every unexpected exception; the partner only ever sees a plain 500. */
  onError?: (error: unknown) => void;
}

export type SandboxHandler = (request: Request) => Promise<Response>;
/** The shell without Web objects; it never rejects. */
export type SandboxResponder = (request: SandboxRequest) => Promise<JsonAnswer>;

export function createSandboxHandler(options: SandboxHandlerOptions): SandboxHandler {
  const respond = createSandboxResponder(options);
  return async (request) => toResponse(await respond(fromWebRequest(request)));
}

export function createSandboxResponder(options: SandboxHandlerOptions): SandboxResponder {
  const { fixture, catalog, engine, clock } = options;
  const basePath = (options.basePath ?? "").replace(/\/+$/, "");
  const onError = options.onError ?? ((error: unknown) => console.error("sandbox: unexpected error", error));
  const tokens = createTokens({ secret: options.jwtSecret, clock });
  const authenticate = createAuthenticate(fixture, tokens);
  const limiter = createRateLimiter(clock);
  const routes = buildRoutes({ fixture, catalog, engine, tokens });

  async function dispatch(request: SandboxRequest): Promise<ApiResult> {
    const path = endpointPath(request.url.pathname, basePath);
    const route = path === null ? undefined : routes.get(path);
    if (!route) return errorResult(404, "unknown endpoint");
    if (request.method !== route.method) {
      return errorResult(405, `method ${request.method} is not allowed here; use ${route.method}`, { Allow: route.method });
    }
    if (route.public) return route.run(request);

    const partner = await authenticate(request);
    if (!partner.ok) return partner.error;
    const limited = limiter.take(partner.value);
    if (limited) return limited;
    return route.run(request, partner.value);
  }

  return async (request) => {
    try {
      return serialize(await dispatch(request));
    } catch (error) {
      // A failing error reporter must not turn the 500 into a crash either.
      try {
        onError(error);
      } catch {}
      return serialize(errorResult(500, "internal error"));
    }
  };
}

/** The path below `basePath`, or null when the request is not for the sandbox at all. */
function endpointPath(pathname: string, basePath: string): string | null {
  if (!basePath) return pathname;
  if (!pathname.startsWith(`${basePath}/`)) return null;
  return pathname.slice(basePath.length);
}
