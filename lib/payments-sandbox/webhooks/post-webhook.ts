// How the sandbox sends one webhook's POST: through `fetch` (Next's route, the tests that
// deliver in process) or over node:http (post-over-http.ts, the standalone server).
/** One signed event on its way to the endpoint. */
export interface WebhookDelivery {
  body: string;
  headers: Record<string, string>;
  /** The whole attempt's deadline, answer included: a claim (deliver-due.ts) outlasts it. */
  timeoutMs: number;
}

/**
 * True when the endpoint answered 2xx in time. Never throws: an unreachable endpoint or a
 * timeout is a failed attempt, which Stripe retries.
 */
export type PostWebhook = (url: string, delivery: WebhookDelivery) => Promise<boolean>;

export function postWithFetch(fetch: typeof globalThis.fetch): PostWebhook {
  return async (url, { body, headers, timeoutMs }) => {
    try {
      const response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  };
}
