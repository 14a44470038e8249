// Code written against Stripe must not break against the sandbox: every object the sandbox
// answers or sends, through the real stripe package, carries the fields Stripe's published
// OpenAPI description requires for it (nullable ones as null). The description is read from
// outside the repository (STRIPE_OPENAPI_SPEC, or ../shared/stripe-openapi/spec3.json beside it).
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPaymentsSandbox, type PaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { stripeClientFor } from "@/lib/shop/stripe";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { loadStripeSpec, objectsIn, STRIPE_SPEC_PATH } from "./stripe-spec";

const spec = loadStripeSpec();
if (!spec) {
  console.warn(
    `[stripe-spec-contract] skipped: Stripe's OpenAPI spec is not at ${STRIPE_SPEC_PATH}. ` +
      "Put openapi/spec3.json from github.com/stripe/openapi there, or name it in STRIPE_OPENAPI_SPEC.",
  );
}

let temp: TempKv;
let sandbox: PaymentsSandbox;
let stripe: Stripe;
/** Every JSON body the sandbox answered on /v1/ or POSTed to the webhook endpoint. */
let seen: unknown[];

beforeEach(() => {
  temp = openTempKv();
  seen = [];
  sandbox = createPaymentsSandbox({
    kv: temp.kv,
    config: { baseUrl: "http://pay.test", webhookUrl: "http://shop.test/hook", webhookSecret: "whsec_spec" },
    fetch: async (_url, init) => {
      seen.push(JSON.parse(String(init?.body)));
      return new Response("ok");
    },
  });
  stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_spec" }, async (request) => {
    const response = await sandbox.handle(request);
    if (new URL(request.url).pathname.startsWith("/v1/")) seen.push(await response.clone().json());
    return response;
  });
});
afterEach(() => temp.remove());

async function paidSession(card: string): Promise<Stripe.Checkout.Session> {
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 2500, product_data: { name: "Gift card" } } }],
    payment_intent_data: { capture_method: "manual", metadata: { order_id: "o-1" } },
    success_url: "https://shop.test/ok",
  });
  await sandbox.handle(new Request(session.url ?? "", { method: "POST", body: new URLSearchParams({ card_number: card }) }));
  return stripe.checkout.sessions.retrieve(session.id);
}

describe.skipIf(!spec)("every object the sandbox returns has the fields Stripe's spec requires", () => {
  it("checkout sessions, payment intents, charges, refunds and events", async () => {
    const session = await paidSession("4242424242424242");
    const intentId = String(session.payment_intent);
    await stripe.paymentIntents.retrieve(intentId);
    await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    await stripe.paymentIntents.capture(intentId);
    await stripe.refunds.create({ payment_intent: intentId, amount: 500 });
    await stripe.charges.list();
    await stripe.refunds.list();
    await stripe.paymentIntents.list();
    await stripe.charges.retrieve(String((await stripe.paymentIntents.retrieve(intentId)).latest_charge));
    await stripe.checkout.sessions.list();
    await stripe.checkout.sessions.listLineItems(session.id);
    await stripe.events.list({ limit: 100 });
    const declined = await paidSession("4000000000000002");
    await stripe.checkout.sessions.expire(declined.id);
    await sandbox.deliverDue();

    const kinds = new Set(seen.flatMap((body) => objectsIn(body)).map((object) => String(object.object)));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["charge", "checkout.session", "event", "item", "payment_intent", "refund"]));
    expectConforming();
  });

  it("payment methods, failed charges, reviews, early fraud warnings and disputes", async () => {
    const blocked = await paidSession("4100000000000019");
    const blockedIntent = await stripe.paymentIntents.retrieve(String(blocked.payment_intent));
    await stripe.charges.retrieve(String(blockedIntent.last_payment_error?.charge));
    const reviewed = await stripe.paymentIntents.retrieve(String((await paidSession("4000000000009235")).payment_intent));
    const charge = await stripe.charges.retrieve(String(reviewed.latest_charge));
    await stripe.paymentMethods.retrieve(String(charge.payment_method));
    await stripe.reviews.retrieve(String(charge.review));
    await stripe.reviews.list();
    await stripe.reviews.approve(String(charge.review));
    const warned = String((await paidSession("4000000000005423")).payment_intent);
    await stripe.paymentIntents.capture(warned);
    await stripe.radar.earlyFraudWarnings.list();
    const disputed = String((await paidSession("4000000000000259")).payment_intent);
    await stripe.paymentIntents.capture(disputed);
    const [dispute] = (await stripe.disputes.list()).data;
    await stripe.disputes.update(String(dispute?.id), { evidence: { uncategorized_text: "winning_evidence" }, submit: true });
    await stripe.disputes.retrieve(String(dispute?.id));
    await sandbox.deliverDue();

    const kinds = new Set(seen.flatMap((body) => objectsIn(body)).map((object) => String(object.object)));
    expect([...kinds]).toEqual(expect.arrayContaining(["charge", "dispute", "event", "payment_method", "radar.early_fraud_warning", "review"]));
    expectConforming();
  });
});

/** Every object seen so far, nested ones included, lacks no field the spec requires. */
function expectConforming(): void {
  const objects = seen.flatMap((body) => objectsIn(body));
  const problems = new Set(objects.flatMap((object) => spec?.problems(object, `${String(object.object)} ${String(object.id)}`) ?? []));
  expect([...problems]).toEqual([]);
}
