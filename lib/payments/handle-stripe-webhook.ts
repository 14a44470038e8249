// POST /api/webhooks/stripe, behind the thin route: verify the signature on the raw body, drop
// events already handled (Stripe retries, duplicates and reorders them), and hand each new event
// to the checkout's handler. Unknown types are acknowledged so Stripe stops retrying.
// An event is marked handled only after its handler returns: a process killed mid-handler
// leaves no mark, so Stripe's retry is handled rather than taken for a duplicate. Two copies
// arriving together may both run; the handlers are idempotent, so that costs a repeat only.
import type Stripe from "stripe";
import type { Kv } from "@/lib/kv/kv";

/** Longer than Stripe retries an event (3 days), so a late retry is still known. */
const HANDLED_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type StripeEventHandler = (event: Stripe.Event) => Promise<void>;

export interface WebhookDeps {
  stripe: Stripe;
  secret: string;
  kv: Kv;
  /** Called for each event id not yet handled; throwing makes us answer 500 so Stripe retries. */
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
  const handledKey = `stripe-event:${event.id}`;
  if ((await deps.kv.get(handledKey)) !== null) return { status: 200, body: { received: true, duplicate: true } };
  try {
    await deps.onEvent(event);
  } catch (error) {
    console.error(`[payments] handling ${event.type} ${event.id} failed:`, error);
    return { status: 500, body: { received: false, error: "handler failed" } };
  }
  // The event is handled even if the mark is lost: a retry would only repeat an idempotent handler.
  await deps.kv.set(handledKey, "handled", { ttlMs: HANDLED_TTL_MS }).catch((error: unknown) => {
    console.warn(`[payments] ${event.id} handled but not marked; a retry will handle it again:`, error);
  });
  return { status: 200, body: { received: true } };
}
