// A Stripe webhook endpoint receives only the event types enabled on it; the embedded sandbox
// sends the shop's (lib/payments/webhook-events.ts) and records the others, retrievable at
// /v1/events/:id like Stripe's, with pending_webhooks 0.
import Stripe from "stripe";
import { afterEach, beforeEach, expect, it } from "vitest";
import { randomIds } from "@/lib/payments-sandbox/clock-ids";
import { createPaymentsSandbox, type PaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { stripeClientFor } from "@/lib/shop/stripe";
import { SHOP_STRIPE_EVENTS } from "@/lib/payments/webhook-events";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";

let temp: TempKv;
let sandbox: PaymentsSandbox;
let stripe: Stripe;
let sent: string[];
/** Every event the sandbox made, sent or not. */
let eventIds: string[];

beforeEach(() => {
  temp = openTempKv();
  sent = [];
  eventIds = [];
  sandbox = createPaymentsSandbox({
    kv: temp.kv,
    ids: (prefix) => {
      const id = randomIds(prefix);
      if (prefix === "evt") eventIds.push(id);
      return id;
    },
    config: { baseUrl: "http://pay.test", webhookUrl: "http://shop.test/api/webhooks/stripe", webhookSecret: "whsec_enabled", enabledEvents: SHOP_STRIPE_EVENTS },
    fetch: async (_url, init) => {
      sent.push((JSON.parse(String(init?.body)) as { type: string }).type);
      return new Response("ok");
    },
  });
  stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_enabled" }, (request) => sandbox.handle(request));
});
afterEach(() => temp.remove());

it("sends the shop's events of a paid, captured and refunded order, and records the rest without sending them", async () => {
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 1999, product_data: { name: "Gift card" } } }],
    payment_intent_data: { capture_method: "manual", metadata: { order_id: "o-1" } },
    success_url: "https://shop.test/ok",
  });
  expect((await sandbox.handle(new Request(session.url ?? "", { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }) }))).status).toBe(303);
  const intent = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
  await stripe.paymentIntents.capture(intent);
  await stripe.refunds.create({ payment_intent: intent });
  await sandbox.deliverDue();

  expect(sent).toEqual(["checkout.session.completed", "charge.refunded"]);
  // Recorded all the same: every event can be fetched by id, and says whether it was sent.
  const recorded = await Promise.all(eventIds.map((id) => stripe.events.retrieve(id)));
  expect(recorded.map((event) => [event.type, event.pending_webhooks]).sort()).toEqual([
    ["charge.refunded", 1],
    ["checkout.session.completed", 1],
    ["payment_intent.amount_capturable_updated", 0],
    ["payment_intent.succeeded", 0],
  ]);
});
