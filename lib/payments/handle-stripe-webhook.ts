// POST /api/webhooks/stripe, behind the thin route: read the raw body (capped), verify its
// signature, drop events already handled (Stripe retries, duplicates and reorders them), and hand
// each new event to the checkout's handler. Unknown types are acknowledged so Stripe stops retrying.
// An event is marked handled only after its handler returns: a process killed mid-handler
// leaves no mark, so Stripe's retry is handled rather than taken for a duplicate. Two copies
// arriving together may both run; the handlers are idempotent, so that costs a repeat only.
import type Stripe from "stripe";
import { errorAnswer, json, problem } from "@/lib/http/json-answer";
import { readBody } from "@/lib/http/read-body";
import type { Kv } from "@/lib/kv/kv";

/** Longer than Stripe retries an event (3 days), so a late retry is still known. */
const HANDLED_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The events we take are a few KiB; Stripe's largest objects stay far below this. */
export const STRIPE_EVENT_MAX_BYTES = 1024 * 1024;

export type StripeEventHandler = (event: Stripe.Event) => Promise<void>;

export interface WebhookDeps {
  stripe: Stripe;
  secret: string;
  kv: Kv;
  /** Called for each event id not yet handled; throwing makes us answer 500 so Stripe retries. */
  onEvent: StripeEventHandler;
}

/** The success body; failures answer the error envelope (lib/http). */
export interface WebhookReceipt {
  received: true;
  duplicate?: true;
}

export async function handleStripeWebhook(request: Request, deps: WebhookDeps): Promise<Response> {
  // The raw text, not parsed JSON: the signature covers the exact bytes.
  const rawBody = await readBody(request, STRIPE_EVENT_MAX_BYTES);
  if (!rawBody.ok) return errorAnswer(rawBody.error);
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody.value, request.headers.get("stripe-signature") ?? "", deps.secret);
  } catch (error) {
    return problem("invalid_signature", error instanceof Error ? error.message : "invalid signature");
  }
  const handledKey = `stripe-event:${event.id}`;
  try {
    if ((await deps.kv.get(handledKey)) !== null) return json({ received: true, duplicate: true } satisfies WebhookReceipt);
    await deps.onEvent(event);
  } catch (error) {
    console.error(`[payments] handling ${event.type} ${event.id} failed:`, error);
    return problem("internal", "the event could not be handled now; it will be handled on Stripe's retry");
  }
  // The event is handled even if the mark is lost: a retry would only repeat an idempotent handler.
  await deps.kv.set(handledKey, "handled", { ttlMs: HANDLED_TTL_MS }).catch((error: unknown) => {
    console.warn(`[payments] ${event.id} handled but not marked; a retry will handle it again:`, error);
  });
  return json({ received: true } satisfies WebhookReceipt);
}
