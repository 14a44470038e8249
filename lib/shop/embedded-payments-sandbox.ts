// The payments sandbox the Next app mounts at /payments-sandbox when no Stripe key is set. Its
// state lives in the shop's KV so every process sees the same sessions; one instance per
// process (lib/singleton.ts).
import { randomBytes } from "node:crypto";
import { env } from "@/lib/config/env";
import { selfCallOrigin, publicOrigin } from "@/lib/config/shop-origin";
import { getKv } from "@/lib/kv/get-kv";
import { SHOP_STRIPE_EVENTS } from "@/lib/payments/webhook-events";
import type { Kv } from "@/lib/kv/kv";
import { processSingleton } from "@/lib/singleton";
import { systemScheduler } from "@/lib/time/clock";
import { createPaymentsSandbox, type PaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";

export const EMBEDDED_PAYMENTS_SANDBOX_PATH = "/payments-sandbox";

export function getEmbeddedPaymentsSandbox(): Promise<PaymentsSandbox> {
  return processSingleton("embedded-payments-sandbox", async () => {
    const config = env();
    const kv = await getKv();
    return createPaymentsSandbox({
      kv,
      basePath: EMBEDDED_PAYMENTS_SANDBOX_PATH,
      scheduler: systemScheduler,
      config: {
        // The hosted page is opened by the buyer's browser; the webhooks go to the shop itself (shop-origin.ts).
        baseUrl: `${publicOrigin()}${EMBEDDED_PAYMENTS_SANDBOX_PATH}`,
        webhookUrl: config.STRIPE_SANDBOX_WEBHOOK_URL ?? `${selfCallOrigin()}/api/webhooks/stripe`,
        // What a live shop enables on its Stripe endpoint, so the demo sends what Stripe would.
        enabledEvents: SHOP_STRIPE_EVENTS,
        webhookSecret: await embeddedWebhookSecret(kv),
        authLapseMs: config.STRIPE_SANDBOX_AUTH_LAPSE_SECONDS * 1000,
      },
    });
  });
}

/** The whsec_ secret shared by the embedded sandbox and the shop's webhook route. */
export async function embeddedWebhookSecret(given?: Kv): Promise<string> {
  const configured = env().STRIPE_WEBHOOK_SECRET;
  if (configured) return configured;
  const kv = given ?? (await getKv());
  const key = "payments-sandbox:webhook-secret";
  await kv.setIfAbsent(key, `whsec_${randomBytes(24).toString("base64url")}`);
  const secret = await kv.get(key);
  if (secret === null) throw new Error(`The payments sandbox's webhook secret vanished from KV (${key})`);
  return secret;
}
