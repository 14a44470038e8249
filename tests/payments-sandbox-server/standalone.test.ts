// `npm run stripe-sandbox` as a newcomer runs it: a real process on a real port, the stripe
// package over HTTP, and webhooks verified at a real HTTP endpoint.
import { setTimeout as delay } from "node:timers/promises";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STANDALONE_WEBHOOK_SECRET, startStripeSandbox, type StripeSandboxProcess } from "../support/stripe-sandbox-process";

describe("npm run stripe-sandbox", () => {
  let sandbox: StripeSandboxProcess;

  beforeAll(async () => {
    sandbox = await startStripeSandbox();
  }, 30_000);
  afterAll(() => sandbox.stop());

  it("prints its base URL, a test key and the webhook secret", () => {
    expect(sandbox.output()).toContain(`listening on ${sandbox.base}`);
    expect(sandbox.output()).toContain("sk_test_");
    expect(sandbox.output()).toContain(`Webhook secret: ${STANDALONE_WEBHOOK_SECRET}`);
  });

  it("authorizes, captures and refunds with the stripe package, delivering verified webhooks", async () => {
    const session = await sandbox.openSession("standalone-1");
    const paid = await fetch(session.url ?? "", { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    const retrieved = await sandbox.stripe().checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    const intent = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(await sandbox.stripe().paymentIntents.capture(intent.id)).toMatchObject({ status: "succeeded", amount_received: 2500 });
    expect(await sandbox.stripe().refunds.create({ payment_intent: intent.id })).toMatchObject({ amount: 2500, status: "succeeded" });

    const wanted = ["checkout.session.completed", "payment_intent.succeeded", "charge.refunded"];
    for (let i = 0; i < 100 && !wanted.every((type) => sandbox.events.some((event) => event.type === type)); i++) await delay(50);
    expect(sandbox.events.map((event) => event.type)).toEqual(expect.arrayContaining(wanted));
    expect(sandbox.refused).toEqual([]);
  });
});
