// The shop's payment module against the payments sandbox, through the real stripe package in
// process, with webhooks delivered to the shop's webhook handler and a clock the test moves.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import type { Kv } from "@/lib/kv/kv";
import { createPaymentsSandbox, type PaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import type { DeliveryFaults } from "@/lib/payments-sandbox/context";
import { paySession } from "@/lib/payments-sandbox/objects/pay-session";
import { signatureHeader } from "@/lib/payments-sandbox/webhooks/sign";
import type { PostWebhook } from "@/lib/payments-sandbox/webhooks/post-webhook";
import { handleStripeWebhook } from "@/lib/payments/handle-stripe-webhook";
import { cancelPayment, capturePayment, expireCheckout, openCheckout, refundPayment, retrieveCheckout } from "@/lib/payments/payment-actions";
import { stripeClientFor } from "@/lib/shop/stripe";
import { createIoredisKv } from "@/lib/kv/redis/ioredis-kv";
import { startTestRedis, type TestRedis } from "@/tests/support/redis-server";
import { ManualTime } from "@/tests/support/sandbox/manual-time";

const SECRET = "whsec_test_secret";
const BASE = "http://sandbox.test";

interface World {
  kv: Kv;
  time: ManualTime;
  sandbox: PaymentsSandbox;
  stripe: Stripe;
  handled: Stripe.Event[];
  webhookStatuses: number[];
}

let dir: string;
let world: World;
let redis: TestRedis | undefined;
let driver: "embedded" | "redis";

beforeAll(async () => {
  const started = await startTestRedis();
  if (!started.ok) throw new Error(started.reason);
  redis = started.redis;
});
afterAll(() => redis?.stop());

function makeKv(time: ManualTime): Kv {
  const prefix = `payments-${Math.random().toString(36).slice(2)}:`;
  if (driver === "embedded") return createEmbeddedKv({ dir, prefix, now: () => time.now() });
  if (!redis) throw new Error("Redis did not start");
  return createIoredisKv({ url: redis.url, prefix: `${redis.prefix}${prefix}` });
}

function build(faults: DeliveryFaults = {}): World {
  // Starts at the real time: stripe.webhooks.constructEvent checks signature age against it.
  const time = new ManualTime(Date.now());
  const kv = makeKv(time);
  const handled: Stripe.Event[] = [];
  const webhookStatuses: number[] = [];
  // The handler needs the client, and the client needs the sandbox: tie the knot after both exist.
  const client: { stripe?: Stripe } = {};
  const sandbox = createPaymentsSandbox({
    kv,
    clock: time,
    config: { baseUrl: BASE, webhookUrl: `${BASE}/hook`, webhookSecret: SECRET, retryBaseMs: 1000, faults },
    // The sandbox's webhook POSTs go straight to the shop's handler.
    fetch: async (url, init) => {
      const answer = await handleStripeWebhook(new Request(url, init), {
        stripe: client.stripe as Stripe,
        secret: SECRET,
        kv,
        onEvent: async (event) => void handled.push(event),
      });
      webhookStatuses.push(answer.status);
      return answer;
    },
  });
  const stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_module" }, (request) => sandbox.handle(request));
  client.stripe = stripe;
  return { kv, time, sandbox, stripe, handled, webhookStatuses };
}


async function open(orderId = "order-1", minor = 1999, currency = "USD"): Promise<Stripe.Checkout.Session> {
  return openCheckout(world.stripe, {
    orderId,
    amount: { minor, currency },
    productName: "Game code",
    successUrl: "https://shop.test/done?session={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://shop.test/cart",
  });
}

async function pay(session: Stripe.Checkout.Session, card: string): Promise<Response> {
  return world.sandbox.handle(new Request(`${BASE}/pay/${session.id}`, { method: "POST", body: new URLSearchParams({ card_number: card }) }));
}

function intentOf(session: Stripe.Checkout.Session): Stripe.PaymentIntent {
  const intent = session.payment_intent;
  if (!intent || typeof intent === "string") throw new Error("payment_intent not expanded");
  return intent;
}

// The same suite on the embedded store and on Redis: the sandbox keeps its state in either.
describe.each(["embedded", "redis"] as const)("on the %s KV driver", (name) => {
  beforeEach(() => {
    driver = name;
    dir = mkdtempSync(join(tmpdir(), "payments-test-"));
    world = build();
  });
  afterEach(async () => {
    await world.kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe("payment module against the sandbox", () => {
    it("authorizes with 4242, redirects with the session id, captures, refunds in parts, and delivers verified events", async () => {
      const session = await open();
      expect(session).toMatchObject({ object: "checkout.session", status: "open", amount_total: 1999, currency: "usd", client_reference_id: "order-1" });
      const paid = await pay(session, "4242 4242 4242 4242");
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`https://shop.test/done?session=${session.id}`);

      const intent = intentOf(await retrieveCheckout(world.stripe, session.id));
      expect(intent).toMatchObject({ status: "requires_capture", amount_capturable: 1999, metadata: { order_id: "order-1" } });
      const captured = await capturePayment(world.stripe, "order-1", intent.id);
      expect(captured).toMatchObject({ status: "succeeded", amount_received: 1999 });

      const first = await refundPayment(world.stripe, { orderId: "order-1", paymentIntentId: intent.id, refundId: "a", amount: { minor: 500, currency: "USD" } });
      expect(first).toMatchObject({ object: "refund", amount: 500, status: "succeeded" });
      const rest = await refundPayment(world.stripe, { orderId: "order-1", paymentIntentId: intent.id, refundId: "b" });
      expect(rest.amount).toBe(1499);
      await expect(refundPayment(world.stripe, { orderId: "order-1", paymentIntentId: intent.id, refundId: "c" })).rejects.toMatchObject({ code: "charge_already_refunded" });
      expect(await world.stripe.refunds.retrieve(first.id)).toMatchObject({ id: first.id, amount: 500 });

      expect(world.handled.map((event) => event.type)).toEqual([
        "payment_intent.amount_capturable_updated",
        "checkout.session.completed",
        "payment_intent.succeeded",
        "charge.refunded",
        "charge.refunded",
      ]);
      const fetched = await world.stripe.events.retrieve(world.handled[1]?.id ?? "");
      expect(fetched).toMatchObject({ type: "checkout.session.completed", data: { object: { id: session.id, status: "complete" } } });
    });

    it("keeps the session open after 0002 and 9995 declines and records payment_failed", async () => {
      const session = await open();
      const declined = await pay(session, "4000 0000 0000 0002");
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain("Your card was declined.");
      const poor = await pay(session, "4000000000009995");
      expect(await poor.text()).toContain("insufficient funds");
      const intent = intentOf(await retrieveCheckout(world.stripe, session.id));
      expect(intent).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "card_declined", decline_code: "insufficient_funds" } });
      expect(world.handled.map((event) => event.type)).toEqual(["payment_intent.payment_failed", "payment_intent.payment_failed"]);
    });

    it("asks for approval with 3155 and authorizes once approved", async () => {
      const session = await open();
      const challenge = await pay(session, "4000 0025 0000 3155");
      expect(challenge.headers.get("location")).toBe(`/pay/${session.id}/authenticate`);
      expect(intentOf(await retrieveCheckout(world.stripe, session.id)).status).toBe("requires_action");
      const approved = await world.sandbox.handle(
        new Request(`${BASE}/pay/${session.id}/authenticate`, { method: "POST", body: new URLSearchParams({ decision: "approve" }) }),
      );
      expect(approved.status).toBe(303);
      expect(intentOf(await retrieveCheckout(world.stripe, session.id)).status).toBe("requires_capture");
    });

    it("cancels an authorization, and refuses to capture it afterwards", async () => {
      const session = await open();
      await pay(session, "4242424242424242");
      const intent = intentOf(await retrieveCheckout(world.stripe, session.id));
      expect(await cancelPayment(world.stripe, "order-1", intent.id)).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
      await expect(capturePayment(world.stripe, "order-1", intent.id)).rejects.toMatchObject({ code: "payment_intent_unexpected_state", statusCode: 400 });
    });

    it("expires a session on request and at its deadline, with checkout.session.expired", async () => {
      const session = await open();
      expect(await expireCheckout(world.stripe, "order-1", session.id)).toMatchObject({ status: "expired", url: null });
      const late = await open("order-2");
      await world.time.advance(24 * 3600 * 1000);
      expect((await retrieveCheckout(world.stripe, late.id)).status).toBe("expired");
      expect(world.handled.map((event) => event.type)).toEqual(["checkout.session.expired", "checkout.session.expired"]);
    });

    it("refuses a Pay past the session's deadline and expires the session once, from the page or the payment itself", async () => {
      const fromPage = await open();
      const direct = await open("order-2");
      await world.time.advance(24 * 3600 * 1000);
      const paid = await pay(fromPage, "4242424242424242");
      expect(paid.status).toBe(409);
      expect(await paid.text()).toContain("This checkout session is expired.");
      // The payment applies the deadline itself, under the session's lock, when no read before it did.
      expect(await paySession(world.sandbox.context, direct.id, "4242424242424242")).toEqual({ ok: false, error: "This checkout session is expired." });
      await world.sandbox.deliverDue();
      expect((await retrieveCheckout(world.stripe, fromPage.id)).status).toBe("expired");
      expect((await retrieveCheckout(world.stripe, direct.id)).status).toBe("expired");
      expect(world.handled.map((event) => event.type)).toEqual(["checkout.session.expired", "checkout.session.expired"]);
    });

    it("lapses an uncaptured authorization after seven days", async () => {
      const session = await open();
      await pay(session, "4242424242424242");
      const intent = intentOf(await retrieveCheckout(world.stripe, session.id));
      await world.time.advance(7 * 24 * 3600 * 1000);
      expect(await world.stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: "canceled", cancellation_reason: "automatic" });
      await expect(capturePayment(world.stripe, "order-1", intent.id)).rejects.toMatchObject({ code: "payment_intent_unexpected_state" });
    });

    it("replays the first answer for a repeated idempotency key and refuses other parameters", async () => {
      const first = await open("order-9");
      const again = await open("order-9");
      expect(again.id).toBe(first.id);
      const other = open("order-9", 2500);
      await expect(other).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
    });

    it("charges zero-decimal currencies in whole units", async () => {
      const session = await open("order-jpy", 1500, "JPY");
      expect(session).toMatchObject({ amount_total: 1500, currency: "jpy" });
    });
  });

  describe("webhook verification", () => {
    it("refuses a tampered or stale signature and changes nothing", async () => {
      const payload = JSON.stringify({ id: "evt_x", object: "event", type: "payment_intent.succeeded", data: { object: {} } });
      const now = Math.floor(Date.now() / 1000);
      const deps = { stripe: world.stripe, secret: SECRET, kv: world.kv, onEvent: async (event: Stripe.Event) => void world.handled.push(event) };
      const post = (body: string, signature: string) =>
        handleStripeWebhook(new Request(`${BASE}/hook`, { method: "POST", headers: { "stripe-signature": signature }, body }), deps);
      const tampered = await post(payload.replace("evt_x", "evt_y"), signatureHeader(payload, SECRET, now));
      const stale = await post(payload, signatureHeader(payload, SECRET, now - 3600));
      const wrongSecret = await post(payload, signatureHeader(payload, "whsec_other", now));
      expect([tampered.status, stale.status, wrongSecret.status]).toEqual([400, 400, 400]);
      expect(await tampered.json()).toMatchObject({ error: "invalid_signature" });
      expect(world.handled).toEqual([]);
      expect(await world.kv.get("stripe-event:evt_x")).toBeNull();
      const good = await post(payload, signatureHeader(payload, SECRET, now));
      expect(good.status).toBe(200);
      expect(world.handled).toHaveLength(1);
    });

    it("handles each event once when the sandbox duplicates, delays and reorders them", async () => {
      await world.kv.close();
      world = build({ duplicate: true, delayMs: 60_000, reorder: true });
      const session = await open();
      await pay(session, "4242424242424242");
      expect(world.handled).toEqual([]);
      await world.time.advance(60_000);
      await world.sandbox.deliverDue();
      expect(world.webhookStatuses).toHaveLength(4);
      expect(world.handled.map((event) => event.type)).toEqual(["checkout.session.completed", "payment_intent.amount_capturable_updated"]);
    });

    /** A declined payment whose event is due and not yet sent; resolves once a delivery's POST is in flight, held by `answer`. */
    async function declineDueAndHeld(answer: Promise<void>): Promise<{ inFlight: Promise<void>; original: PostWebhook }> {
      await world.kv.close();
      world = build({ delayMs: 60_000 });
      await pay(await open(), "4000000000000002");
      await world.time.advance(60_000);
      const original = world.sandbox.context.postWebhook;
      let entered!: () => void;
      const inFlight = new Promise<void>((resolve) => (entered = resolve));
      world.sandbox.context.postWebhook = async (url, delivery) => {
        entered();
        await answer;
        return original(url, delivery);
      };
      return { inFlight, original };
    }

    it("does not lose an event whose delivering instance died mid-POST: another delivers it once the claim lapses", async () => {
      // One instance claims the due event and dies while its POST is in flight.
      const { inFlight, original } = await declineDueAndHeld(new Promise<void>(() => undefined));
      void world.sandbox.deliverDue();
      await inFlight;
      world.sandbox.context.postWebhook = original;
      // Another instance right away: the claim holds, nothing is sent twice meanwhile.
      expect(await world.sandbox.deliverDue()).toBe(0);
      await world.time.advance(60_000);
      expect(await world.sandbox.deliverDue()).toBe(1);
      expect(world.handled.map((event) => event.type)).toEqual(["payment_intent.payment_failed"]);
    });

    it("a run does not try to claim what another run of the same process is delivering: under load each request starts a run", async () => {
      let answer!: () => void;
      const { inFlight } = await declineDueAndHeld(new Promise<void>((resolve) => (answer = resolve)));
      const first = world.sandbox.deliverDue();
      await inFlight;
      const claims = { n: 0 };
      const run = world.kv.run.bind(world.kv);
      world.kv.run = ((script, input) => {
        claims.n += 1;
        return run(script, input);
      }) as typeof world.kv.run;
      for (let i = 0; i < 5; i++) expect(await world.sandbox.deliverDue()).toBe(0);
      expect(claims.n).toBe(0);
      answer();
      expect(await first).toBe(1);
      expect(world.handled.map((event) => event.type)).toEqual(["payment_intent.payment_failed"]);
    });

    it("retries a failed delivery with backoff until the endpoint accepts it", async () => {
      const session = await open();
      let failures = 2;
      const original = world.sandbox.context.postWebhook;
      world.sandbox.context.postWebhook = async (url, delivery) => (failures-- > 0 ? false : original(url, delivery));
      await pay(session, "4000000000000002");
      expect(world.handled).toEqual([]);
      await world.time.advance(1000);
      await world.sandbox.deliverDue();
      expect(world.handled).toEqual([]);
      await world.time.advance(2000);
      await world.sandbox.deliverDue();
      expect(world.handled.map((event) => event.type)).toEqual(["payment_intent.payment_failed"]);
    });
  });
});
