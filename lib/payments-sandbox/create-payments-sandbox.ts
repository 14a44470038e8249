// A stateful stand-in for the part of Stripe the shop uses: Checkout Sessions, PaymentIntents,
// Refunds and Events over Stripe's HTTP API, a hosted payment page, and signed webhooks. One
// Web-standard handler serves it embedded in Next, standalone over node:http, and in tests.
import { systemClock, type Clock, type Scheduler } from "@/lib/time/clock";
import type { Kv } from "@/lib/kv/kv";
import { randomIds, type IdGenerator } from "./clock-ids";
import type { PaymentsSandboxConfig, SandboxContext } from "./context";
import { handleApiRequest } from "./http/api-request";
import { handlePageRequest } from "./http/page-request";
import { createPaymentsStore } from "./store";
import { deliverDue } from "./webhooks/deliver-due";

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
  fetch?: typeof fetch;
  scheduler?: Scheduler | null;
}

export interface PaymentsSandbox {
  handle(request: Request): Promise<Response>;
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
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    scheduler: options.scheduler ?? null,
    config: { authLapseMs: SEVEN_DAYS_MS, retryBaseMs: 5_000, maxAttempts: 8, faults: {}, ...options.config },
  };
  const deliver = () =>
    deliverDue(context).catch((error: unknown) => {
      console.error("[payments-sandbox] webhook delivery failed:", error);
      return 0;
    });

  return {
    context,
    deliverDue: deliver,
    async handle(request) {
      const url = new URL(request.url);
      const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || "/" : url.pathname;
      const response = path.startsWith("/v1/")
        ? await handleApiRequest(context, request, path)
        : await handlePageRequest(context, request, path, basePath);
      // Serverless has no timers, so every request also sends what has fallen due.
      await deliver();
      return response;
    },
  };
}
