// One stripe client built from configuration: Stripe itself, the sandbox over HTTP (host, port,
// protocol), or the embedded sandbox in process through createFetchHttpClient. Same package,
// same calls; only the transport differs.
import Stripe from "stripe";
import { env } from "@/lib/config/env";
import type { PaymentsTarget } from "@/lib/payments/resolve-payments-target";
import { shopMode } from "@/lib/config/shop-mode";
import { resolvePaymentsTarget } from "@/lib/payments/resolve-payments-target";
import { observeStripe } from "@/lib/operations/call-observers";
import { shopCallRecorder } from "./health";
import { processSingleton } from "@/lib/singleton";

export function stripeClientFor(target: PaymentsTarget, handler?: (request: Request) => Promise<Response>): Stripe {
  const common = { maxNetworkRetries: 2, appInfo: { name: "voucher-storefront" } };
  switch (target.kind) {
    case "stripe":
      return new Stripe(target.secretKey, common);
    case "sandbox-http":
      return new Stripe(target.secretKey, {
        ...common,
        host: target.url.hostname,
        port: target.url.port || (target.url.protocol === "https:" ? 443 : 80),
        protocol: target.url.protocol === "https:" ? "https" : "http",
      });
    case "sandbox-embedded": {
      if (!handler) throw new Error("The embedded payments sandbox needs its request handler");
      const inProcess: typeof fetch = (input, init) => handler(new Request(input, init));
      return new Stripe(target.secretKey, { ...common, httpClient: Stripe.createFetchHttpClient(inProcess) });
    }
  }
}

/** The shop's stripe client; the sandbox is loaded only when configuration asks for it. */
export function getStripe(): Promise<Stripe> {
  return processSingleton("stripe-client", async () => {
    const target = resolvePaymentsTarget(env(), shopMode());
    if (!target.ok) throw new Error(target.error);
    let client: Stripe;
    if (target.value.kind !== "sandbox-embedded") client = stripeClientFor(target.value);
    else {
      const { getEmbeddedPaymentsSandbox } = await import("./embedded-payments-sandbox");
      const sandbox = await getEmbeddedPaymentsSandbox();
      client = stripeClientFor(target.value, (request) => sandbox.handle(request));
    }
    // Each answer's status and time feed the dashboard's payments health (lib/operations/health.ts).
    observeStripe(client, shopCallRecorder("payments"));
    return client;
  });
}

/** The secret webhooks are verified with: configured, or the embedded sandbox's own. */
export async function webhookSecret(): Promise<string> {
  const configured = env().STRIPE_WEBHOOK_SECRET;
  if (configured) return configured;
  const target = resolvePaymentsTarget(env(), shopMode());
  if (!target.ok || target.value.kind !== "sandbox-embedded") {
    throw new Error("STRIPE_WEBHOOK_SECRET is required to verify Stripe webhooks");
  }
  const { embeddedWebhookSecret } = await import("./embedded-payments-sandbox");
  return embeddedWebhookSecret();
}
