// One HTTP exchange with the service: build the request, enforce the timeout, read the body,
// and sort the answer into a JSON body or a PartnerError. No retries and no token logic here.
import { err, ok, type Result } from "@/lib/result";
import type { Clock, Scheduler } from "@/lib/time/clock";
import { errorFromAnswer, PartnerError } from "./partner-error";
import { parseRetryAfter } from "./retry-policy";

export type QueryValue = string | number | undefined;

export interface PartnerRequest {
  method: "GET" | "POST";
  /** Path below the base URL, e.g. `/api/pay`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  /** /api/pay and /api/order_update: an unreadable success may hide an order that exists. */
  changesState?: boolean;
}

export interface TransportDeps {
  baseUrl: string;
  fetch: typeof fetch;
  clock: Clock;
  scheduler: Scheduler;
}

/** A successful answer: 2xx and no `error` in the body. */
export interface Answer {
  status: number;
  body: unknown;
}

export function endpointName(request: PartnerRequest): string {
  return `${request.method} ${request.path}`;
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, "")}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Failure codes of fetch (undici) raised before any byte of the request left. */
const NOT_SENT_CAUSES: ReadonlySet<unknown> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function sentBeforeFailing(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return !NOT_SENT_CAUSES.has(cause?.code);
}

function parseBody(text: string): { json: true; value: unknown } | { json: false; value: string } {
  if (text.trim() === "") return { json: false, value: text };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, value: text };
  }
}

/** Send one request with a bearer token (or none, for login) and classify the answer. */
export async function exchange(
  deps: TransportDeps,
  request: PartnerRequest,
  token: string | null,
): Promise<Result<Answer, PartnerError>> {
  const endpoint = endpointName(request);
  if (request.signal?.aborted) {
    return err(new PartnerError({ code: "aborted", status: null, text: "the call was aborted before it was sent", endpoint }));
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (token !== null) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  // An object, not a let: the compiler cannot see the callbacks below assigning it.
  const stopState: { cause: "timeout" | "aborted" | null } = { cause: null };
  let stop: (reason: "timeout" | "aborted") => void = () => {};
  // Raced against the exchange, so a fetch that ignores its signal still cannot hang the call.
  const stopped = new Promise<never>((_, reject) => {
    stop = (reason) => {
      if (stopState.cause !== null) return;
      stopState.cause = reason;
      controller.abort();
      reject(new Error(reason));
    };
  });
  stopped.catch(() => {});
  const timer = deps.scheduler.schedule(request.timeoutMs, () => stop("timeout"));
  const onCallerAbort = () => stop("aborted");
  request.signal?.addEventListener("abort", onCallerAbort, { once: true });

  try {
    const { response, text } = await Promise.race([
      (async () => {
        const response = await deps.fetch(buildUrl(deps.baseUrl, request.path, request.query), {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: controller.signal,
        });
        return { response, text: await response.text() };
      })(),
      stopped,
    ]);
    const parsed = parseBody(text);
    const retryAfterMs =
      response.status === 429 || response.status === 503
        ? parseRetryAfter(response.headers.get("retry-after"), deps.clock.now())
        : null;
    const failure = errorFromAnswer({ status: response.status, body: parsed.value, endpoint, retryAfterMs });
    if (failure) return err(failure);
    if (!parsed.json) {
      return err(
        new PartnerError({
          code: "invalid_response",
          status: response.status,
          text: `${endpoint} answered ${response.status} with a body that is not JSON`,
          body: parsed.value,
          endpoint,
          mayHaveTakenEffect: request.changesState === true,
        }),
      );
    }
    return ok({ status: response.status, body: parsed.value });
  } catch (error) {
    const code = stopState.cause ?? "network";
    const text =
      code === "timeout"
        ? `no answer within ${request.timeoutMs} ms`
        : code === "aborted"
          ? "the call was aborted by the caller"
          : `network error: ${error instanceof Error ? error.message : String(error)}`;
    // Once fetch was called the request may have reached the service, whatever stopped it.
    const mayHaveTakenEffect = code === "network" ? sentBeforeFailing(error) : true;
    return err(new PartnerError({ code, status: null, text, endpoint, cause: error, mayHaveTakenEffect }));
  } finally {
    timer.cancel();
    request.signal?.removeEventListener("abort", onCallerAbort);
  }
}
