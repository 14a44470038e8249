// The sandbox speaks risk as Stripe does, through the real stripe package: Radar's outcome on the
// charge for Stripe's documented test cards, a card fingerprint and country on the payment
// method, reviews, early fraud warnings and disputes with evidence, and 3-D Secure.
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
/** Types of the events the sandbox POSTed, in order. */
let sent: string[];

function open(config: { blockHighestRisk?: boolean } = {}) {
  sandbox = createPaymentsSandbox({
    kv: temp.kv,
    clock: { now: () => now },
    config: { baseUrl: "http://pay.test", webhookUrl: "http://shop.test/hook", webhookSecret: "whsec_radar", ...config },
    fetch: async (_url, init) => {
      sent.push((JSON.parse(String(init?.body)) as { type: string }).type);
      return new Response("ok");
    },
  });
  stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_radar" }, (request) => sandbox.handle(request));
}

beforeEach(() => {
  now = T0;
  sent = [];
  temp = openTempKv(() => now);
  open();
});
afterEach(() => temp.remove());

async function session(options: Partial<Stripe.Checkout.SessionCreateParams> = {}): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "Gift card" } } }],
    payment_intent_data: { capture_method: "manual", metadata: { order_id: "o-1" } },
    success_url: "https://shop.test/ok",
    ...options,
  });
}

/** Types the card on the hosted page; answers the page's status and the session's intent. */
async function pay(card: string, opened?: Stripe.Checkout.Session): Promise<{ status: number; location: string | null; intent: Stripe.PaymentIntent; session: Stripe.Checkout.Session }> {
  const target = opened ?? (await session());
  const answer = await sandbox.handle(new Request(target.url ?? "", { method: "POST", body: new URLSearchParams({ card_number: card, expiry: "04/31" }) }));
  const read = await stripe.checkout.sessions.retrieve(target.id);
  const intent = await stripe.paymentIntents.retrieve(String(read.payment_intent));
  return { status: answer.status, location: answer.headers.get("location"), intent, session: target };
}

async function authorizedCharge(card: string): Promise<Stripe.Charge> {
  const { status, intent } = await pay(card);
  expect(status).toBe(303);
  return stripe.charges.retrieve(String(intent.latest_charge));
}

describe("Radar's outcome on the charge", () => {
  it("reports a normal risk, the card's fingerprint and country for an ordinary card", async () => {
    const charge = await authorizedCharge("4242424242424242");
    expect(charge.outcome).toMatchObject({ type: "authorized", network_status: "approved_by_network", risk_level: "normal", reason: null });
    expect(charge.outcome?.risk_score).toEqual(expect.any(Number));
    expect(charge.payment_method_details?.card).toMatchObject({ brand: "visa", last4: "4242", country: "US", exp_month: 4, exp_year: 2031 });
    const method = await stripe.paymentMethods.retrieve(String(charge.payment_method));
    expect(method).toMatchObject({ object: "payment_method", type: "card", card: { last4: "4242", country: "US", fingerprint: charge.payment_method_details?.card?.fingerprint } });
  });

  it("gives one card the same fingerprint on every order, another card another, and a GB test card GB", async () => {
    const first = await authorizedCharge("4242424242424242");
    const again = await authorizedCharge("4242 4242 4242 4242");
    const other = await authorizedCharge("5555555555554444");
    const british = await authorizedCharge("4000008260000000");
    const fingerprint = (charge: Stripe.Charge) => charge.payment_method_details?.card?.fingerprint;
    expect(fingerprint(again)).toBe(fingerprint(first));
    expect(fingerprint(other)).not.toBe(fingerprint(first));
    expect(british.payment_method_details?.card?.country).toBe("GB");
    expect(other.payment_method_details?.card?.brand).toBe("mastercard");
  });

  it("always blocks 4100 0000 0000 0019 as highest risk, before the network, on a failed charge", async () => {
    const { status, intent } = await pay("4100000000000019");
    expect(status).toBe(402);
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "fraudulent" });
    const charge = await stripe.charges.retrieve(String(intent.last_payment_error?.charge));
    expect(charge).toMatchObject({ status: "failed", paid: false, captured: false, failure_code: "card_declined" });
    expect(charge.outcome).toMatchObject({ type: "blocked", risk_level: "highest", network_status: "not_sent_to_network", reason: "highest_risk_level" });
  });

  it("blocks 4000 0000 0000 4954 (highest risk) under Stripe's default rule, and lets it through when the rule is off", async () => {
    const blocked = await pay("4000000000004954");
    expect(blocked.status).toBe(402);
    const failed = await stripe.charges.retrieve(String(blocked.intent.last_payment_error?.charge));
    expect(failed.outcome).toMatchObject({ type: "blocked", risk_level: "highest", reason: "highest_risk_level" });

    open({ blockHighestRisk: false });
    const charge = await authorizedCharge("4000000000004954");
    expect(charge.outcome).toMatchObject({ type: "authorized", risk_level: "highest", network_status: "approved_by_network" });
    expect(charge.outcome?.risk_score).toBeGreaterThanOrEqual(75);
  });

  it("sends a failed charge's outcome for an issuer decline", async () => {
    const { intent } = await pay("4000000000000002");
    const charge = await stripe.charges.retrieve(String(intent.last_payment_error?.charge));
    expect(charge.outcome).toMatchObject({ type: "issuer_declined", network_status: "declined_by_network", reason: "generic_decline", risk_level: "normal" });
  });
});

describe("reviews", () => {
  it("opens a review for 4000 0000 0000 9235 (elevated risk), and closes it when approved", async () => {
    const charge = await authorizedCharge("4000000000009235");
    expect(charge.outcome).toMatchObject({ type: "manual_review", risk_level: "elevated", reason: "elevated_risk_level" });
    expect((await stripe.paymentIntents.retrieve(String(charge.payment_intent))).review).toBe(charge.review);
    const review = await stripe.reviews.retrieve(String(charge.review));
    expect(review).toMatchObject({ object: "review", open: true, reason: "rule", opened_reason: "rule", charge: charge.id, closed_reason: null });
    const approved = await stripe.reviews.approve(review.id);
    expect(approved).toMatchObject({ open: false, reason: "approved", closed_reason: "approved" });
    await expect(stripe.reviews.approve(review.id)).rejects.toMatchObject({ statusCode: 400 });
    await sandbox.deliverDue();
    expect(sent.filter((type) => type.startsWith("review."))).toEqual(["review.opened", "review.closed"]);
    expect((await stripe.reviews.list()).data.map((r) => r.id)).toEqual([]);
  });
});

describe("after capture", () => {
  it("warns early of fraud on 4000 0000 0000 5423, actionable until the charge is refunded", async () => {
    const { intent } = await pay("4000000000005423");
    await stripe.paymentIntents.capture(intent.id);
    await sandbox.deliverDue();
    expect(sent).toContain("radar.early_fraud_warning.created");
    const warnings = await stripe.radar.earlyFraudWarnings.list();
    expect(warnings.data).toHaveLength(1);
    const warning = warnings.data[0];
    expect(warning).toMatchObject({ object: "radar.early_fraud_warning", actionable: true, charge: intent.latest_charge, fraud_type: "made_with_stolen_card" });
    await stripe.refunds.create({ payment_intent: intent.id });
    expect(await stripe.radar.earlyFraudWarnings.retrieve(String(warning?.id))).toMatchObject({ actionable: false });
  });

  it("disputes 4000 0000 0000 0259 as fraudulent, withdraws the funds, and takes evidence until it is won", async () => {
    const { intent } = await pay("4000000000000259");
    await stripe.paymentIntents.capture(intent.id);
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge.disputed).toBe(true);
    const [dispute] = (await stripe.disputes.list()).data;
    expect(dispute).toMatchObject({ object: "dispute", charge: charge.id, amount: 5000, reason: "fraudulent", status: "needs_response", is_charge_refundable: false });
    expect(dispute?.evidence_details).toMatchObject({ has_evidence: false, submission_count: 0, past_due: false });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ code: "charge_disputed" });

    const id = String(dispute?.id);
    const drafted = await stripe.disputes.update(id, { evidence: { product_description: "A gift card code", customer_email_address: "buyer@example.com" } });
    expect(drafted).toMatchObject({ status: "needs_response", evidence: { product_description: "A gift card code" } });
    const submitted = await stripe.disputes.update(id, { evidence: { uncategorized_text: "winning_evidence" }, submit: true });
    expect(submitted.status).toBe("won");
    expect(submitted.evidence_details).toMatchObject({ has_evidence: true, submission_count: 1 });
    expect(submitted.evidence).toMatchObject({ product_description: "A gift card code", uncategorized_text: "winning_evidence" });
    await expect(stripe.disputes.update(id, { evidence: { customer_name: "late" } })).rejects.toMatchObject({ statusCode: 400 });
    expect((await stripe.disputes.retrieve(id)).status).toBe("won");
    await sandbox.deliverDue();
    expect(sent.filter((type) => type.startsWith("charge.dispute."))).toEqual([
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
      "charge.dispute.updated",
      "charge.dispute.updated",
      "charge.dispute.closed",
      "charge.dispute.funds_reinstated",
    ]);
  });

  it("loses a dispute whose evidence says losing_evidence", async () => {
    const { intent } = await pay("4000000000000259");
    await stripe.paymentIntents.capture(intent.id);
    const [dispute] = (await stripe.disputes.list({ payment_intent: intent.id })).data;
    const lost = await stripe.disputes.update(String(dispute?.id), { evidence: { uncategorized_text: "losing_evidence" }, submit: true });
    expect(lost.status).toBe("lost");
  });
});

describe("3-D Secure", () => {
  it("asks for authentication on 4000 0027 6000 3184, and reports it on the charge once approved", async () => {
    const { status, location, intent, session: opened } = await pay("4000002760003184");
    expect([status, intent.status]).toEqual([303, "requires_action"]);
    expect(location).toMatch(/\/authenticate$/);
    const approved = await sandbox.handle(new Request(`${opened.url ?? ""}/authenticate`, { method: "POST", body: new URLSearchParams({ decision: "approve" }) }));
    expect(approved.status).toBe(303);
    const read = await stripe.paymentIntents.retrieve(intent.id);
    const charge = await stripe.charges.retrieve(String(read.latest_charge));
    expect(charge.payment_method_details?.card?.three_d_secure).toMatchObject({ result: "authenticated" });
    expect(charge.payment_method_details?.card?.country).toBe("DE");
  });

  it("honours request_three_d_secure: 'any' asks for it on an ordinary card, 'automatic' does not", async () => {
    const any = await session({ payment_method_options: { card: { request_three_d_secure: "any" } } });
    expect(any.payment_method_options).toMatchObject({ card: { request_three_d_secure: "any" } });
    const asked = await pay("4242424242424242", any);
    expect(asked.intent.status).toBe("requires_action");
    expect(asked.intent.payment_method_options?.card?.request_three_d_secure).toBe("any");
    const automatic = await session({ payment_method_options: { card: { request_three_d_secure: "automatic" } } });
    expect((await pay("4242424242424242", automatic)).intent.status).toBe("requires_capture");
  });

  it("refuses an unknown request_three_d_secure value, naming it", async () => {
    await expect(session({ payment_method_options: { card: { request_three_d_secure: "always" as "any" } } })).rejects.toMatchObject({
      statusCode: 400,
      param: "payment_method_options[card][request_three_d_secure]",
    });
  });
});
