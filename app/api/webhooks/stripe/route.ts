// POST /api/webhooks/stripe – verified Stripe (or payments sandbox) events: the bank's and Radar's
// (reviews, early fraud warnings, disputes) act on their order (lib/checkout/bank-events.ts); every
// other wakes the order it is about (lib/checkout/payment-events.ts); declines also feed the
// card-testing breaker.
import { advance } from "@/lib/checkout/advance";
import { paymentEventHandler } from "@/lib/checkout/payment-events";
import { shopBankEvents } from "@/lib/shop/bank-events";
import { orderDepsWithin } from "@/lib/shop/checkout";
import { UPSTREAM_ROUTE_MAX_DURATION_S } from "@/lib/shop/time-limits";
import { route } from "@/lib/http/route";
import { getKv } from "@/lib/kv/get-kv";
import { handleStripeWebhook } from "@/lib/payments/handle-stripe-webhook";
import { getStripe, webhookSecret } from "@/lib/shop/stripe";
import { recordShopDecline } from "@/lib/shop/fraud";

export const dynamic = "force-dynamic";
/** UPSTREAM_ROUTE_MAX_DURATION_S (lib/shop/time-limits.ts): the order's run may wait on a Partner call at its worst. */
export const maxDuration = 300;

export const POST = route({}, async (request: Request) => {
  const [deps, bankEvents] = await Promise.all([orderDepsWithin(UPSTREAM_ROUTE_MAX_DURATION_S), shopBankEvents()]);
  const wake = paymentEventHandler((orderId) => advance(orderId, deps, { kind: "wake", reason: { kind: "payment" } }));
  return handleStripeWebhook(request, {
    stripe: await getStripe(),
    secret: await webhookSecret(),
    kv: await getKv(),
    onEvent: async (event) => {
      // A decline also counts for the card-testing breaker (lib/fraud/breaker.ts).
      if (event.type === "payment_intent.payment_failed") await recordShopDecline();
      if (!(await bankEvents(event))) await wake(event);
    },
  });
});
