// Reads a Stripe integration makes that the sandbox used to answer as unknown paths, through the
// real stripe package: a charge by id, the events list, the sessions list and a session's line
// items; and the API version events name, which is the package's own.
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPaymentsSandbox, type PaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { stripeClientFor } from "@/lib/shop/stripe";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";

const T0 = Date.UTC(2026, 2, 1, 12);
let now: number;
let temp: TempKv;
let sandbox: PaymentsSandbox;
let stripe: Stripe;

beforeEach(() => {
  now = T0;
  temp = openTempKv(() => now);
  sandbox = createPaymentsSandbox({ kv: temp.kv, clock: { now: () => now }, config: { baseUrl: "http://pay.test", webhookUrl: null, webhookSecret: "whsec_reads" } });
  stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_reads" }, (request) => sandbox.handle(request));
});
afterEach(() => temp.remove());

async function session(orderId: string): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      { quantity: 2, price_data: { currency: "eur", unit_amount: 1500, product_data: { name: "Gift card 15" } } },
      { quantity: 1, price_data: { currency: "eur", unit_amount: 500, product_data: { name: "Gift card 5" } } },
    ],
    payment_intent_data: { capture_method: "manual", metadata: { order_id: orderId } },
    success_url: "https://shop.test/ok",
  });
}

async function pay(url: string | null): Promise<void> {
  const answer = await sandbox.handle(new Request(url ?? "", { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }) }));
  expect(answer.status).toBe(303);
}

describe("reads the stripe package makes", () => {
  it("retrieves a charge by id, and answers resource_missing for an unknown one", async () => {
    const opened = await session("o-1");
    await pay(opened.url);
    const intent = await stripe.paymentIntents.retrieve(String((await stripe.checkout.sessions.retrieve(opened.id)).payment_intent));
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ object: "charge", id: intent.latest_charge, amount: 3500, payment_intent: intent.id, paid: true, status: "succeeded" });
    await expect(stripe.charges.retrieve("ch_nope")).rejects.toMatchObject({ code: "resource_missing", statusCode: 404 });
  });

  it("lists sessions newest first, filtered by payment_intent, and a session's line items", async () => {
    const first = await session("o-1");
    now += 60_000;
    const second = await session("o-2");
    await pay(second.url);
    const sessions = await stripe.checkout.sessions.list();
    expect(sessions.data.map((s) => s.id)).toEqual([second.id, first.id]);
    const intentId = String((await stripe.checkout.sessions.retrieve(second.id)).payment_intent);
    expect((await stripe.checkout.sessions.list({ payment_intent: intentId })).data.map((s) => s.id)).toEqual([second.id]);

    const items = await stripe.checkout.sessions.listLineItems(first.id);
    expect(items.object).toBe("list");
    expect(items.data.map((item) => [item.object, item.description, item.quantity, item.amount_total, item.currency])).toEqual([
      ["item", "Gift card 15", 2, 3000, "eur"],
      ["item", "Gift card 5", 1, 500, "eur"],
    ]);
  });

  it("lists events newest first, by type, naming the stripe package's API version", async () => {
    const opened = await session("o-1");
    await pay(opened.url);
    const events = await stripe.events.list();
    expect(events.data.map((event) => event.type)).toEqual(expect.arrayContaining(["checkout.session.completed", "payment_intent.amount_capturable_updated"]));
    expect(new Set(events.data.map((event) => event.api_version))).toEqual(new Set([Stripe.API_VERSION]));
    const completed = await stripe.events.list({ type: "checkout.session.completed" });
    expect(completed.data.map((event) => event.type)).toEqual(["checkout.session.completed"]);
  });
});
