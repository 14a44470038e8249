// POST /api/webhooks/stripe – verified Stripe (or payments sandbox) events for the checkout.
import { getKv } from "@/lib/kv/get-kv";
import { handleStripeWebhook, registeredStripeEventHandler } from "@/lib/payments/handle-stripe-webhook";
import { getStripe, webhookSecret } from "@/lib/payments/stripe-client";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  // The raw text, not parsed JSON: the signature covers the exact bytes.
  const rawBody = await request.text();
  const answer = await handleStripeWebhook(rawBody, request.headers.get("stripe-signature"), {
    stripe: await getStripe(),
    secret: await webhookSecret(),
    kv: await getKv(),
    onEvent: registeredStripeEventHandler(),
  });
  return Response.json(answer.body, { status: answer.status });
}
