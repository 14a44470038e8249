// POST /api/webhooks/stripe – verified Stripe (or payments sandbox) events: the bank's and Radar's
// (reviews, early fraud warnings, disputes) act on their order (lib/checkout/bank-events.ts); every
// other wakes the order it is about (lib/checkout/payment-events.ts).
import { advance } from "@/lib/checkout/advance";
import { paymentEventHandler } from "@/lib/checkout/payment-events";
import { shopBankEvents } from "@/lib/shop/bank-events";
import { orderDeps } from "@/lib/shop/checkout";
import { route } from "@/lib/http/route";
import { getKv } from "@/lib/kv/get-kv";
import { handleStripeWebhook } from "@/lib/payments/handle-stripe-webhook";
import { getStripe, webhookSecret } from "@/lib/shop/stripe";

export const dynamic = "force-dynamic";

export const POST = route({}, async (request: Request) => {
  const [deps, bankEvents] = await Promise.all([orderDeps(), shopBankEvents()]);
  const wake = paymentEventHandler((orderId) => advance(orderId, deps, { kind: "wake", reason: { kind: "payment" } }));
  return handleStripeWebhook(request, {
    stripe: await getStripe(),
    secret: await webhookSecret(),
    kv: await getKv(),
    onEvent: async (event) => {
      if (!(await bankEvents(event))) await wake(event);
    },
  });
});
