// POST /api/webhooks/stripe, behind the thin route: verify the signature on the raw body, drop
// events already seen (Stripe retries, duplicates and reorders them), and hand each new event
// to the checkout's handler. Unknown types are acknowledged so Stripe stops retrying.
import type Stripe from "stripe";
import type { Kv } from "@/lib/kv/kv";

const SEEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type StripeEventHandler = (event: Stripe.Event) => Promise<void>;

export interface WebhookDeps {
  stripe: Stripe;
  secret: string;
  kv: Kv;
  /** Called once per new event id; throwing makes us answer 500 so Stripe retries. */
  onEvent: StripeEventHandler;
}

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

export async function handleStripeWebhook(rawBody: string, signature: string | null, deps: WebhookDeps): Promise<WebhookAnswer> {
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature ?? "", deps.secret);
  } catch (error) {
    return { status: 400, body: { received: false, error: error instanceof Error ? error.message : "invalid signature" } };
  }
  const seenKey = `stripe-event:${event.id}`;
  if (!(await deps.kv.setIfAbsent(seenKey, "processing", { ttlMs: SEEN_TTL_MS }))) {
    return { status: 200, body: { received: true, duplicate: true } };
  }
  try {
    await deps.onEvent(event);
  } catch (error) {
    // Forget the event so Stripe's retry gets another go.
    await deps.kv.del(seenKey);
    console.error(`[payments] handling ${event.type} ${event.id} failed:`, error);
    return { status: 500, body: { received: false, error: "handler failed" } };
  }
  return { status: 200, body: { received: true } };
}
