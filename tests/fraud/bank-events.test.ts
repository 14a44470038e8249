// After delivery: an early fraud warning and a dispute on Stripe's test cards, handled as the
// webhook hands them over. The events are read back from the payments sandbox's own event log.
import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { bankEventHandler, type BankEventDeps } from "@/lib/checkout/bank-events";
import { disputeEvidence, submitEvidence } from "@/lib/checkout/dispute-evidence";
import { refundOrder } from "@/lib/checkout/owner-actions";
import { attempt } from "@/lib/checkout/stripe-payments";
import { submitDisputeEvidence } from "@/lib/payments/payment-actions";
import { CARDS, OWNER, screeningHarness } from "@/tests/support/fraud/screening-harness";

type Harness = Awaited<ReturnType<typeof screeningHarness>>;
let current: Harness | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

async function setUp(settings: Parameters<typeof screeningHarness>[0] = {}) {
  const h = (current = await screeningHarness(settings));
  const stripe = h.stripe!;
  const refunds: string[] = [];
  const deps: BankEventDeps = {
    advance: h.deps,
    kv: h.kv,
    blocklist: h.blocklist,
    settings: async () => h.settings,
    orderOfPayment: async (intentId) => (await stripe.paymentIntents.retrieve(intentId)).metadata?.order_id ?? null,
    refundNow: async (orderId, requestId, reason) => {
      refunds.push(requestId);
      await refundOrder(h.owner, { orderId, requestId, reason }, { email: "screening", ip: null });
    },
  };
  const handle = bankEventHandler(deps);
  /** Every event of `type` the sandbox emitted, handed over as the webhook would. */
  async function deliver(type: string): Promise<Stripe.Event[]> {
    const events = (await stripe.events.list({ type, limit: 20 })).data.filter((event) => event.type === type);
    for (const event of events) await h.run(handle(event));
    return events;
  }
  async function order(id: string) {
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("unread");
    return read.value.record;
  }
  return { h, stripe, refunds, deliver, order };
}

describe("an early fraud warning", () => {
  it("blocks the card and email, alerts the owner, refunds at once while the code was never shown; the card's next purchase is blocked", async () => {
    const { h, refunds, deliver, order } = await setUp();
    const { id, after } = await h.paidOrder(CARDS.earlyFraudWarning);
    expect(after.state).toBe("completed");
    expect(await deliver("radar.early_fraud_warning.created")).toHaveLength(1);
    const warned = await order(id);
    expect(warned.fraudWarning).toMatchObject({ actionable: true, refunded: true });
    expect(warned.state).toBe("refunded");
    expect(refunds).toHaveLength(1);
    expect(h.blocklist.entries.map((e) => e.kind).sort()).toEqual(["card", "email"]);
    expect(h.alerts.some((a) => a.includes("early fraud warning"))).toBe(true);
    // A second delivery of the same event changes nothing.
    await deliver("radar.early_fraud_warning.created");
    expect(refunds).toHaveLength(1);
    // The same card on a new order, another email: blocked at authorization.
    const next = await h.paidOrder(CARDS.earlyFraudWarning, { email: "someone-else@example.com" });
    expect(next.after).toMatchObject({ state: "failed", reason: "blocked_by_screening", screening: { reasons: ["blocklisted_card"] } });
  });

  it("does not refund once the buyer has seen the code, by default", async () => {
    const { h, refunds, deliver, order } = await setUp();
    const { id } = await h.paidOrder(CARDS.earlyFraudWarning);
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("unread");
    await h.deps.store.save(read.value, { note: { kind: "codeShown" }, patch: { codeViews: [h.timers.now()] } });
    await deliver("radar.early_fraud_warning.created");
    expect((await order(id)).fraudWarning).toMatchObject({ refunded: false });
    expect((await order(id)).state).toBe("completed");
    expect(refunds).toEqual([]);
  });
});

describe("a dispute", () => {
  it("marks the order, blocks the buyer, refuses a refund, and the owner submits evidence once", async () => {
    const { h, stripe, deliver, order } = await setUp();
    const { id } = await h.paidOrder(CARDS.dispute, { buyer: { ip: "203.0.113.9", country: "US", userAgent: "Mozilla/5.0 test" } });
    await deliver("charge.dispute.created");
    const disputed = await order(id);
    expect(disputed.dispute).toMatchObject({ status: "needs_response", reason: "fraudulent", amount: disputed.quote.price, evidenceSubmittedAt: null });
    expect(h.blocklist.entries.map((e) => e.kind).sort()).toEqual(["card", "email"]);
    const refused = await h.run(refundOrder(h.owner, { orderId: id, requestId: "refund-after-dispute", reason: "asked" }, OWNER));
    expect(refused).toMatchObject({ ok: false, error: { code: "disputed" } });
    expect((await order(id)).refunds ?? []).toEqual([]);

    const evidence = disputeEvidence(disputed);
    expect(evidence).toMatchObject({ customer_email_address: disputed.email, customer_purchase_ip: "203.0.113.9" });
    expect(evidence.access_activity_log).toContain("Mozilla/5.0 test");
    const deps = { store: h.deps.store, clock: h.timers, submit: (orderId: string, disputeId: string, ev: typeof evidence) => attempt(async () => void (await submitDisputeEvidence(stripe, orderId, disputeId, ev))) };
    const submitted = await h.run(submitEvidence(deps, id, OWNER));
    expect(submitted).toMatchObject({ ok: true, value: { dispute: { evidenceSubmittedBy: OWNER.email } } });
    const atStripe = await stripe.disputes.retrieve(disputed.dispute?.id ?? "");
    expect(atStripe.evidence.customer_purchase_ip).toBe("203.0.113.9");
    expect(atStripe.status).toBe("under_review");
    // Twice: answered from the order, nothing sent again.
    expect(await h.run(submitEvidence(deps, id, OWNER))).toMatchObject({ ok: true });
    await deliver("charge.dispute.updated");
    expect((await order(id)).dispute?.status).toBe("under_review");
  });

  it("a part refund in flight when the dispute arrives is never asked again; the owner is told", async () => {
    const { h, deliver, order } = await setUp();
    const { id } = await h.paidOrder(CARDS.dispute);
    const before = await order(id);
    // The owner's part refund is on the order (pending) but Stripe never answered it.
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("unread");
    const pending = { requestId: "part-in-flight", kind: "part" as const, amount: { minor: 100, currency: before.quote.price.currency }, reason: "goodwill", by: OWNER.email, at: h.timers.now(), status: "pending" as const, refundId: null, buyerTold: false };
    await h.deps.store.save(read.value, { note: { kind: "ownerRefundAsked", values: { amount: pending.amount, by: pending.by, kind: pending.kind, request: pending.requestId } }, patch: { refunds: [pending] } });
    await deliver("charge.dispute.created");
    expect(h.alerts.some((a) => a.includes("in flight"))).toBe(true);
    const { settleRefunds } = await import("@/lib/checkout/owner-actions/settle-refunds");
    await h.run(settleRefunds(h.owner, id));
    const refunds = await h.stripe!.refunds.list({ payment_intent: before.payment.paymentIntentId ?? "" });
    expect(refunds.data).toEqual([]);
    expect((await order(id)).refunds?.[0]?.status).toBe("pending");
  });
});
