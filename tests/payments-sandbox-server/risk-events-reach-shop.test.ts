// The sandbox's risk events (reviews, disputes, early fraud warnings) do not break the shop's
// webhook: sent everything, as the standalone sandbox sends (like `stripe listen`), the shop's
// endpoint answers every delivery 2xx and wakes an order only for events that carry its id;
// the embedded sandbox, with the shop's enabled events, does not send them at all.
import Stripe from "stripe";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ok } from "@/lib/result";
import { paymentEventHandler } from "@/lib/checkout/payment-events";
import { createPaymentsSandbox, type PaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import type { EventType } from "@/lib/payments-sandbox/objects/records";
import { handleStripeWebhook } from "@/lib/payments/handle-stripe-webhook";
import { stripeClientFor } from "@/lib/shop/stripe";
import { SHOP_STRIPE_EVENTS } from "@/lib/payments/webhook-events";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";

const SECRET = "whsec_shop";
const ORDER = "01JAAAAAAAAAAAAAAAAAAAAAAA";
let temp: TempKv;
let answers: { type: string; status: number }[];
let woken: string[];

beforeEach(() => {
  temp = openTempKv();
  answers = [];
  woken = [];
});
afterEach(() => temp.remove());

function sandboxSending(enabledEvents?: readonly EventType[]): { sandbox: PaymentsSandbox; stripe: Stripe } {
  const shopKv = createMemoryKv();
  const shopStripe = new Stripe("sk_test_shop");
  const onEvent = paymentEventHandler(async (orderId) => {
    woken.push(orderId);
    return ok({} as never);
  });
  const sandbox = createPaymentsSandbox({
    kv: temp.kv,
    config: { baseUrl: "http://pay.test", webhookUrl: "http://shop.test/api/webhooks/stripe", webhookSecret: SECRET, enabledEvents },
    fetch: async (url, init) => {
      const answer = await handleStripeWebhook(new Request(String(url), init), { stripe: shopStripe, secret: SECRET, kv: shopKv, onEvent });
      answers.push({ type: (JSON.parse(String(init?.body)) as { type: string }).type, status: answer.status });
      return answer;
    },
  });
  return { sandbox, stripe: stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_shop" }, (request) => sandbox.handle(request)) };
}

async function riskyPurchases(sandbox: PaymentsSandbox, stripe: Stripe): Promise<void> {
  for (const card of ["4000000000009235", "4000000000000259", "4000000000005423"]) {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 1000, product_data: { name: "Gift card" } } }],
      payment_intent_data: { capture_method: "manual", metadata: { order_id: ORDER } },
      success_url: "https://shop.test/ok",
    });
    await sandbox.handle(new Request(session.url ?? "", { method: "POST", body: new URLSearchParams({ card_number: card }) }));
    await stripe.paymentIntents.capture(String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent));
  }
  await sandbox.deliverDue();
}

it("answers every risk event 2xx when sent everything", async () => {
  const { sandbox, stripe } = sandboxSending();
  await riskyPurchases(sandbox, stripe);
  const types = new Set(answers.map((answer) => answer.type));
  for (const type of ["review.opened", "charge.dispute.created", "charge.dispute.funds_withdrawn", "radar.early_fraud_warning.created"]) expect(types).toContain(type);
  expect(answers.filter((answer) => answer.status < 200 || answer.status > 299)).toEqual([]);
  expect(woken.length).toBeGreaterThan(0);
});

it("sends none of them to an endpoint with the shop's enabled events", async () => {
  const { sandbox, stripe } = sandboxSending(SHOP_STRIPE_EVENTS);
  await riskyPurchases(sandbox, stripe);
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.filter((answer) => !(SHOP_STRIPE_EVENTS as readonly string[]).includes(answer.type))).toEqual([]);
});
