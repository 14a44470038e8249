// The payments sandbox's list endpoints, read through the real stripe package as the shop's
// reconciliation reads Stripe: created ranges, limit, starting_after / ending_before paging,
// newest first, auto-pagination with `for await`, and Stripe's errors for bad parameters.
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPaymentsSandbox, type PaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { stripeClientFor } from "@/lib/shop/stripe";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";

const T0 = Date.UTC(2025, 2, 1, 12, 0, 0);
const T0_S = T0 / 1000;

let temp: TempKv;
let now: number;
let sandbox: PaymentsSandbox;
let stripe: Stripe;

beforeEach(() => {
  now = T0;
  temp = openTempKv(() => now);
  sandbox = createPaymentsSandbox({ kv: temp.kv, clock: { now: () => now }, config: { baseUrl: "http://pay.test", webhookUrl: null, webhookSecret: "whsec_list" } });
  stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_list" }, (request) => sandbox.handle(request));
});
afterEach(() => temp.remove());

/** A paid (authorized) intent for `amount`, made at the current sandbox time. */
async function authorized(amount: number, orderId: string): Promise<string> {
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: amount, product_data: { name: "Gift card" } } }],
    payment_intent_data: { capture_method: "manual", metadata: { order_id: orderId } },
    success_url: "https://shop.test/ok",
  });
  const paid = await sandbox.handle(new Request(session.url ?? "", { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }) }));
  expect(paid.status).toBe(303);
  const read = await stripe.checkout.sessions.retrieve(session.id);
  return String(read.payment_intent);
}

/** Intents one minute apart: index 0 is the oldest. */
async function intents(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    now = T0 + i * 60_000;
    ids.push(await authorized(1000 + i, `order${i}`));
  }
  return ids;
}

describe("GET /v1/payment_intents through the stripe package", () => {
  it("answers Stripe's list shape, newest first, limit 10 by default", async () => {
    const ids = await intents(12);
    const page = await stripe.paymentIntents.list();
    expect(page).toMatchObject({ object: "list", has_more: true, url: "/v1/payment_intents" });
    expect(page.data.map((pi) => pi.id)).toEqual(ids.slice(2).reverse());
    expect(page.data[0]).toMatchObject({ object: "payment_intent", status: "requires_capture", amount: 1011, metadata: { order_id: "order11" } });
  });

  it("pages with starting_after and ending_before, and auto-paginates every object once", async () => {
    const ids = await intents(7);
    const first = await stripe.paymentIntents.list({ limit: 3 });
    expect(first.data.map((pi) => pi.id)).toEqual([ids[6], ids[5], ids[4]]);
    const second = await stripe.paymentIntents.list({ limit: 3, starting_after: ids[4] });
    expect(second.data.map((pi) => pi.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(second.has_more).toBe(true);
    const last = await stripe.paymentIntents.list({ limit: 3, starting_after: ids[1] });
    expect(last.data.map((pi) => pi.id)).toEqual([ids[0]]);
    expect(last.has_more).toBe(false);
    const back = await stripe.paymentIntents.list({ limit: 2, ending_before: ids[2] });
    expect(back.data.map((pi) => pi.id)).toEqual([ids[4], ids[3]]);
    expect(back.has_more).toBe(true);

    const seen: string[] = [];
    for await (const intent of stripe.paymentIntents.list({ limit: 2 })) seen.push(intent.id);
    expect(seen).toEqual([...ids].reverse());
    const backwards: string[] = [];
    for await (const intent of stripe.paymentIntents.list({ limit: 2, ending_before: ids[0] })) backwards.push(intent.id);
    expect(backwards).toEqual(ids.slice(1));
  });

  it("keeps objects of the same second in one stable order across pages", async () => {
    now = T0;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await authorized(500, `same${i}`));
    const seen: string[] = [];
    for await (const intent of stripe.paymentIntents.list({ limit: 2 })) seen.push(intent.id);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(5);
  });

  it("filters by created ranges in seconds: gte, lte, gt, lt and an exact second", async () => {
    const ids = await intents(6);
    const range = await stripe.paymentIntents.list({ created: { gte: T0_S + 60, lte: T0_S + 180 } });
    expect(range.data.map((pi) => pi.id)).toEqual([ids[3], ids[2], ids[1]]);
    const open = await stripe.paymentIntents.list({ created: { gt: T0_S + 60, lt: T0_S + 240 } });
    expect(open.data.map((pi) => pi.id)).toEqual([ids[3], ids[2]]);
    const exact = await stripe.paymentIntents.list({ created: T0_S + 300 });
    expect(exact.data.map((pi) => pi.id)).toEqual([ids[5]]);
    const paged: string[] = [];
    for await (const intent of stripe.paymentIntents.list({ created: { gte: T0_S + 60 }, limit: 1 })) paged.push(intent.id);
    expect(paged).toEqual(ids.slice(1).reverse());
  });

  it("refuses a bad limit, an unknown cursor and an unknown parameter as Stripe does", async () => {
    await intents(1);
    await expect(stripe.paymentIntents.list({ limit: 101 })).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "limit" });
    await expect(stripe.paymentIntents.list({ limit: 0 })).rejects.toMatchObject({ param: "limit" });
    await expect(stripe.paymentIntents.list({ starting_after: "pi_nothere" })).rejects.toMatchObject({ statusCode: 404, code: "resource_missing", param: "starting_after" });
    await expect(stripe.paymentIntents.list({ customer: "cus_1" })).rejects.toMatchObject({ code: "parameter_unknown", param: "customer" });
  });
});

describe("GET /v1/charges and /v1/refunds through the stripe package", () => {
  it("lists captured charges with amounts and refunds newest first, filtered by payment_intent", async () => {
    const [a, b, c] = await intents(3);
    if (!a || !b || !c) throw new Error("three intents expected");
    now = T0 + 3600_000;
    await stripe.paymentIntents.capture(a);
    await stripe.paymentIntents.capture(b);
    const partial = await stripe.refunds.create({ payment_intent: a, amount: 400 });
    now += 60_000;
    const rest = await stripe.refunds.create({ payment_intent: a });
    now += 60_000;
    const full = await stripe.refunds.create({ payment_intent: b });

    const charges = await stripe.charges.list({ limit: 100 });
    expect(charges).toMatchObject({ object: "list", has_more: false, url: "/v1/charges" });
    expect(charges.data.map((charge) => charge.payment_intent)).toEqual([c, b, a]);
    expect(charges.data.find((charge) => charge.payment_intent === a)).toMatchObject({ amount_captured: 1000, amount_refunded: 1000, refunded: true, created: T0_S });
    expect(charges.data.find((charge) => charge.payment_intent === c)).toMatchObject({ captured: false, amount_captured: 0 });

    const refunds: Stripe.Refund[] = [];
    for await (const refund of stripe.refunds.list({ limit: 1, created: { gte: T0_S + 3600 } })) refunds.push(refund);
    expect(refunds.map((refund) => refund.id)).toEqual([full.id, rest.id, partial.id]);
    expect(refunds.map((refund) => refund.amount)).toEqual([1001, 600, 400]);
    const ofA = await stripe.refunds.list({ payment_intent: a });
    expect(ofA.data.map((refund) => refund.id)).toEqual([rest.id, partial.id]);
    const ofCharge = await stripe.charges.list({ payment_intent: b });
    expect(ofCharge.data).toHaveLength(1);
  });

  it("reads one payment intent's charges and refunds without reading every other one", async () => {
    // The shop lists a payment's charges on every purchase: a walk over every charge ever made
    // grew with the store (67 KV reads a purchase after 50 purchases in bench/hosting.ts).
    const ids = await intents(12);
    const [first, last] = [ids[0]!, ids[11]!];
    await stripe.paymentIntents.capture(first);
    const refund = await stripe.refunds.create({ payment_intent: first });
    const reads = vi.spyOn(temp.kv, "get");
    const charges = await stripe.charges.list({ payment_intent: first });
    const refunds = await stripe.refunds.list({ payment_intent: first });
    expect(charges.data.map((charge) => charge.payment_intent)).toEqual([first]);
    expect(refunds.data.map((listed) => listed.id)).toEqual([refund.id]);
    expect((await stripe.charges.list({ payment_intent: last })).data).toHaveLength(1);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(8);
  });
});
