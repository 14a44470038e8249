import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { handleStripeWebhook, type StripeEventHandler } from "./handle-stripe-webhook";

const SECRET = "whsec_unit";
const stripe = new Stripe("sk_test_unit");

function delivery(id = "evt_1"): () => Request {
  const payload = JSON.stringify({ id, object: "event", type: "payment_intent.succeeded", data: { object: {} } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return () => new Request("https://shop.test/api/webhooks/stripe", { method: "POST", headers: { "stripe-signature": signature }, body: payload });
}

describe("handleStripeWebhook", () => {
  it("handles Stripe's retry of an event whose first handling died with the process", async () => {
    const kv = createMemoryKv();
    const request = delivery();
    // The first delivery's process is killed mid-handler: the handler never settles, so
    // nothing after it (no cleanup, no answer) ever runs.
    const dying: StripeEventHandler = () => new Promise<void>(() => {});
    void handleStripeWebhook(request(), { stripe, secret: SECRET, kv, onEvent: dying });
    await new Promise((resolve) => setTimeout(resolve, 10));

    const handled: string[] = [];
    const retry = await handleStripeWebhook(request(), { stripe, secret: SECRET, kv, onEvent: async (event) => void handled.push(event.id) });
    expect(retry.status).toBe(200);
    expect(handled).toEqual(["evt_1"]);
  });

  it("answers a redelivery of a handled event as a duplicate, without handling it again", async () => {
    const kv = createMemoryKv();
    const request = delivery();
    const handled: string[] = [];
    const deps = { stripe, secret: SECRET, kv, onEvent: async (event: Stripe.Event) => void handled.push(event.id) };
    expect((await handleStripeWebhook(request(), deps)).status).toBe(200);
    const again = await handleStripeWebhook(request(), deps);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(handled).toEqual(["evt_1"]);
  });

  it("lets a failed handling be tried again", async () => {
    const kv = createMemoryKv();
    const request = delivery();
    let failures = 1;
    const handled: string[] = [];
    const deps = {
      stripe,
      secret: SECRET,
      kv,
      onEvent: async (event: Stripe.Event) => {
        if (failures-- > 0) throw new Error("KV down");
        handled.push(event.id);
      },
    };
    const failed = await handleStripeWebhook(request(), deps);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: "internal" });
    expect((await handleStripeWebhook(request(), deps)).status).toBe(200);
    expect(handled).toEqual(["evt_1"]);
  });
});
