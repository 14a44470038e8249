// A stateful stand-in for the part of Stripe the shop uses: Checkout Sessions, PaymentIntents,
// Refunds and Events over Stripe's HTTP API, a hosted payment page, and signed webhooks. One
// Web-standard handler serves it embedded in Next, standalone over node:http, and in tests.
import { systemClock, type Clock, type Scheduler } from "@/lib/time/clock";
import type { Kv } from "@/lib/kv/kv";
import { randomIds, type IdGenerator } from "./clock-ids";
import type { PaymentsSandboxConfig, SandboxContext } from "./context";
import { handleApiRequest } from "./http/api-request";
import { handlePageRequest } from "./http/page-request";
import { toResponse, type HttpReply, type SandboxRequest } from "./http/reply";
import { createPaymentsStore } from "./store";
import { deliverDue } from "./webhooks/deliver-due";
import { postWithFetch, type PostWebhook } from "./webhooks/post-webhook";

export const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

export interface PaymentsSandboxOptions {
  kv: Kv;
  /** Key namespace in KV, so tests and shops can share one store. */
  namespace?: string;
  /** Path the sandbox is mounted under, e.g. "/payments-sandbox"; "" when it owns the host. */
  basePath?: string;
  config: Pick<PaymentsSandboxConfig, "baseUrl" | "webhookUrl" | "webhookSecret"> & Partial<PaymentsSandboxConfig>;
  clock?: Clock;
  ids?: IdGenerator;
  /** Delivers webhooks through this fetch (a test delivering in process); globalThis.fetch by default. */
  fetch?: typeof fetch;
  /** Delivers webhooks this way instead of through fetch (postOverHttp for a standalone server). */
  postWebhook?: PostWebhook;
  scheduler?: Scheduler | null;
}

/** Runs a task once the response has gone (Next's after(), or the server's own loop). */
export type AfterResponse = (task: () => Promise<unknown>) => void;

export interface PaymentsSandbox {
  /**
   * Answers a request, then sends the webhooks that have fallen due. With `afterResponse` they
   * go after the answer, as Stripe's do: an API call never waits on a delivery to the shop (whose
   * handler may itself be calling this API). Without it they go before the answer.
   */
  handle(request: Request, afterResponse?: AfterResponse): Promise<Response>;
  /** The same answer as plain data, for a server that writes it itself (serve.ts). */
  reply(request: SandboxRequest, afterResponse?: AfterResponse): Promise<HttpReply>;
  /** Send the webhooks that are due now; returns how many were accepted. */
  deliverDue(): Promise<number>;
  context: SandboxContext;
}

export function createPaymentsSandbox(options: PaymentsSandboxOptions): PaymentsSandbox {
  const basePath = options.basePath ?? "";
  const context: SandboxContext = {
    store: createPaymentsStore(options.kv, options.namespace),
    clock: options.clock ?? systemClock,
    ids: options.ids ?? randomIds,
    postWebhook: options.postWebhook ?? postWithFetch(options.fetch ?? ((input, init) => globalThis.fetch(input, init))),
    scheduler: options.scheduler ?? null,
    config: { authLapseMs: SEVEN_DAYS_MS, retryBaseMs: 5_000, maxAttempts: 8, faults: {}, blockHighestRisk: true, ...options.config },
  };
  const deliver = () =>
    deliverDue(context).catch((error: unknown) => {
      console.error("[payments-sandbox] webhook delivery failed:", error);
      return 0;
    });

  const reply = async (request: SandboxRequest, afterResponse?: AfterResponse): Promise<HttpReply> => {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || "/" : url.pathname;
    const answer = path.startsWith("/v1/") ? await handleApiRequest(context, request, path) : await handlePageRequest(context, request, path, basePath);
    // Serverless has no timers, so every request also sends what has fallen due.
    if (afterResponse) afterResponse(deliver);
    else await deliver();
    return answer;
  };

  return {
    context,
    deliverDue: deliver,
    reply,
    handle: async (request, afterResponse) => toResponse(await reply(request, afterResponse)),
  };
}
