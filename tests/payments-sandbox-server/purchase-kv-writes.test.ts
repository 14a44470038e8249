// What a purchase costs the payments sandbox's store: the shop's calls of one purchase (the
// session, the hosted page's Pay, the session read with its intent, the intent's charges, the
// capture) and the webhook they send, counted in KV writes. On the embedded store each write is
// an LMDB commit flushed to disk, on Upstash a billed command: 27 a purchase before the sandbox
// wrote an object with its lists, a locked object with its unlock, an idempotent answer with its
// mark and a delivery's end each as one script (docs/architecture-decisions.md item 258), 17
// before Pay wrote what an authorization changes with its session's unlock and a capture its
// event with the intent's (item 287).
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createPaymentsSandbox, type PaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { SHOP_STRIPE_EVENTS } from "@/lib/payments/webhook-events";
import { stripeClientFor } from "@/lib/shop/stripe";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";

const READS = new Set<PropertyKey>(["get", "zRangeByScore", "zRevRangeByRank", "zCard"]);

let temp: TempKv;
let sandbox: PaymentsSandbox;
let stripe: Stripe;
let writes: string[];
let delivered: number;

/** The store, with every call that may write noted by name (a script by its own name). */
function noting(kv: Kv): Kv {
  return new Proxy(kv, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function" || READS.has(name)) return value;
      return (...args: unknown[]) => {
        writes.push(name === "run" ? (args[0] as { name: string }).name : String(name));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

beforeEach(() => {
  temp = openTempKv();
  writes = [];
  delivered = 0;
  sandbox = createPaymentsSandbox({
    kv: noting(temp.kv),
    config: { baseUrl: "http://pay.test", webhookUrl: "http://shop.test/api/webhooks/stripe", webhookSecret: "whsec_writes", enabledEvents: SHOP_STRIPE_EVENTS },
    fetch: async () => {
      delivered += 1;
      return new Response('{"received":true}', { status: 200 });
    },
  });
  stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_writes" }, (request) => sandbox.handle(request));
});
afterEach(() => temp.remove());

describe("a purchase's KV writes in the payments sandbox", () => {
  it("stay within 11 for the shop's calls and the webhook they send", async () => {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 499, product_data: { name: "Gift card" } } }],
        payment_intent_data: { capture_method: "manual", metadata: { order_id: "o1" } },
        success_url: "https://shop.test/ok",
        metadata: { order_id: "o1" },
      },
      { idempotencyKey: "authorize:o1" },
    );
    const paid = await sandbox.handle(new Request(session.url ?? "", { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }) }));
    expect(paid.status).toBe(303);
    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    const intent = read.payment_intent as Stripe.PaymentIntent;
    expect((await stripe.charges.list({ payment_intent: intent.id, limit: 20 })).data).toHaveLength(1);
    expect((await stripe.paymentIntents.capture(intent.id, {}, { idempotencyKey: "capture:o1" })).status).toBe("succeeded");
    expect(delivered).toBe(1);
    expect(writes.length, writes.join(", ")).toBeLessThanOrEqual(11);
  });
});
