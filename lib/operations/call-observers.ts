// Measuring calls without changing them. Upstream: a fetch that times the one it wraps and
// passes its answer or its error through untouched. Payments: the stripe package's own
// 'response' events (status and elapsed time of each request it sends), so the client is not
// wrapped at all. A request stripe could not get an answer to emits no 'response' and is not
// seen here; the checkout's own retries and alerts cover that case.
import { z } from "zod";
import type { CallSample } from "./health";

/** A server error or a rate limit counts as the system failing; a 4xx is our request's problem. */
export function failedStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

/**
 * The Partner API's own answer that one service (a product) is temporarily unavailable: a 503
 * carrying its error envelope with code 103 or 503. That is upstream answering about a product
 * the storefront then shows as unavailable, not upstream failing; counted as failures (and the
 * client retries each), two unavailable sandbox products raised "Upstream failing" in a fresh
 * demo. A gateway's 503 without the envelope, a 500, 502, 504 or a rate limit still count.
 */
const productUnavailableSchema = z.object({ success: z.literal(false), error: z.union([z.literal(103), z.literal(503)]), error_text: z.string() });

async function isProductUnavailable(response: Response): Promise<boolean> {
  if (response.status !== 503) return false;
  try {
    return productUnavailableSchema.safeParse(JSON.parse(await response.clone().text())).success;
  } catch {
    return false;
  }
}

export function observeFetch(inner: typeof fetch, onSample: (sample: CallSample) => void, now: () => number = Date.now): typeof fetch {
  return async (input, init) => {
    const started = now();
    const path = pathOf(input);
    try {
      const response = await inner(input, init);
      const failed = failedStatus(response.status) && !(await isProductUnavailable(response));
      onSample({ ms: now() - started, failed, ...(failed ? { error: `${path}: HTTP ${response.status}` } : {}) });
      return response;
    } catch (error) {
      const name = error instanceof Error ? error.name : "error";
      onSample({ ms: now() - started, failed: true, error: `${path}: ${name}` });
      throw error;
    }
  };
}

/** The path only: a query string may carry an account, and no call's secret belongs in a log. */
function pathOf(input: Parameters<typeof fetch>[0]): string {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(url).pathname;
  } catch {
    return "request";
  }
}

export interface StripeResponseEvent {
  method: string;
  path: string;
  status: number;
  elapsed: number;
}

export interface StripeEvents {
  on(event: "response", listener: (event: StripeResponseEvent) => void): void;
}

export function observeStripe(stripe: StripeEvents, onSample: (sample: CallSample) => void): void {
  stripe.on("response", (event) => {
    const failed = failedStatus(event.status);
    onSample({ ms: event.elapsed, failed, ...(failed ? { error: `${event.method} ${event.path}: HTTP ${event.status}` } : {}) });
  });
}
