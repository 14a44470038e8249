// Screening at authorization through both sandboxes and the real stripe package: Stripe's risk
// test cards decide, the owner reviews, and a held order never shows a code or takes money
// before it is approved.
import { afterEach, describe, expect, it } from "vitest";
import { reviewOrder } from "@/lib/checkout/owner-actions";
import { publicOrder } from "@/lib/checkout/public-order";
import { reviewQueue } from "@/lib/checkout/screening/review-queue";
import { sweep } from "@/lib/checkout/sweep";
import { CARDS, OWNER, screeningHarness } from "@/tests/support/fraud/screening-harness";

type Harness = Awaited<ReturnType<typeof screeningHarness>>;
let current: Harness | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});
async function harness(...args: Parameters<typeof screeningHarness>): Promise<Harness> {
  current = await screeningHarness(...args);
  return current;
}

describe("the decision at authorization", () => {
  it("a normal-risk card is allowed and completes, its decision and signals on the order", async () => {
    const h = await harness();
    const { after } = await h.paidOrder(CARDS.plain);
    expect(after.state).toBe("completed");
    expect(after.screening).toMatchObject({ decision: "allow", reasons: [], signals: { riskLevel: "normal", cardCountry: "US", cardOrders: 0 } });
    expect(after.screening?.signals.card).toMatch(/^\w{16}$/);
  });

  it("a highest-risk card is blocked: reservation released, authorization cancelled, nothing captured, no code", async () => {
    const h = await harness();
    const { id, after } = await h.paidOrder(CARDS.highest);
    expect(after).toMatchObject({ state: "failed", reason: "blocked_by_screening", screening: { decision: "block", reasons: ["risk_highest"] }, upstream: { status: 3 } });
    expect((await h.intent(id)).status).toBe("canceled");
    expect(publicOrder(after, h.deps.vault).delivery).toBeNull();
    expect(await h.balance()).toBe(100);
  });

  it("a card on the blocklist is blocked whatever its risk", async () => {
    const h = await harness();
    const first = await h.paidOrder(CARDS.plain);
    const card = first.after.screening?.signals.card ?? "";
    await h.blocklist.block({ kind: "card", value: card, reason: "test", by: OWNER.email, at: 0 });
    const { after } = await h.paidOrder(CARDS.plain);
    expect(after).toMatchObject({ state: "failed", reason: "blocked_by_screening", screening: { reasons: ["blocklisted_card"] } });
  });

  it("a card seen on more orders than the limit is held", async () => {
    const h = await harness({ settings: { cardOrdersToReview: 2 } });
    for (let i = 0; i < 2; i += 1) expect((await h.paidOrder(CARDS.plain)).after.state).toBe("completed");
    const { after } = await h.paidOrder(CARDS.plain);
    expect(after).toMatchObject({ state: "authorized", screening: { decision: "review", reasons: ["card_velocity"] }, review: { status: "pending" } });
  });

  it("asks for 3-D Secure on the page when the settings say always, and records the order as three_d_secure", async () => {
    const h = await harness({ settings: { threeDSecure: "always" } });
    const id = await h.createOrder({ flow: "reservation", item: { kind: "voucher", gameId: 10, voucherId: 1001, name: "Sample Gift Card 10 USD", deliveryMethod: "voucher_code" }, threeDSecure: true });
    const waiting = await h.step(id);
    const session = await h.stripe!.checkout.sessions.retrieve(waiting.payment.sessionId ?? "");
    expect(session.payment_method_options?.card?.request_three_d_secure).toBe("any");
    const paid = await h.payWithCard(waiting.payment.url ?? "", CARDS.elevated);
    expect(paid.status).toBe(303);
    await h.authenticate(waiting.payment.url ?? "", true);
    const after = await h.step(id, true);
    // Elevated risk, but authenticated: allowed, and recorded as required 3-D Secure.
    expect(after).toMatchObject({ state: "completed", screening: { decision: "three_d_secure", signals: { authenticated: true, riskLevel: "elevated" } } });
  });
});

describe("the review queue", () => {
  it("an elevated-risk card is held: in the queue, the buyer's page says checking, no code, nothing captured", async () => {
    const h = await harness();
    const { id, after } = await h.paidOrder(CARDS.elevated);
    expect(after).toMatchObject({ state: "authorized", screening: { decision: "review" }, review: { status: "pending" }, upstream: { status: 6 } });
    expect(after.screening?.reasons).toEqual(expect.arrayContaining(["risk_elevated", "radar_review"]));
    expect(await reviewQueue(h.kv)).toEqual([id]);
    const shown = publicOrder(after, h.deps.vault);
    expect(shown).toMatchObject({ checking: true, delivery: null, money: "held" });
    expect((await h.intent(id)).status).toBe("requires_capture");
    // A poll or the sweep before the deadline changes nothing.
    await h.timers.advance(3600_000);
    expect((await h.step(id)).state).toBe("authorized");
  });

  it("approve delivers and captures; approving again is a repeat; rejecting after is refused", async () => {
    const h = await harness();
    const { id } = await h.paidOrder(CARDS.elevated);
    const approved = await h.run(reviewOrder(h.owner, { orderId: id, requestId: "approve-1", verdict: "approve" }, OWNER));
    expect(approved).toMatchObject({ ok: true, value: { state: "completed", repeat: false } });
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("unread");
    expect(read.value.record.review).toMatchObject({ status: "approved", decidedBy: OWNER.email });
    expect(publicOrder(read.value.record, h.deps.vault).delivery?.code).toBeTruthy();
    expect((await h.intent(id)).status).toBe("succeeded");
    expect(await h.run(reviewOrder(h.owner, { orderId: id, requestId: "approve-1", verdict: "approve" }, OWNER))).toMatchObject({ ok: true, value: { repeat: true } });
    expect(await h.run(reviewOrder(h.owner, { orderId: id, requestId: "approve-2", verdict: "approve" }, OWNER))).toMatchObject({ ok: true, value: { repeat: true } });
    expect(await h.run(reviewOrder(h.owner, { orderId: id, requestId: "reject-1", verdict: "reject" }, OWNER))).toMatchObject({ ok: false, error: { code: "already_decided" } });
    expect(await reviewQueue(h.kv)).toEqual([]);
  });

  it("reject releases and cancels: nothing charged, no code, the reservation given back", async () => {
    const h = await harness();
    const { id } = await h.paidOrder(CARDS.elevated);
    const rejected = await h.run(reviewOrder(h.owner, { orderId: id, requestId: "reject-1", verdict: "reject" }, OWNER));
    expect(rejected).toMatchObject({ ok: true, value: { state: "failed" } });
    expect((await h.intent(id)).status).toBe("canceled");
    expect(await h.balance()).toBe(100);
    expect(await h.run(reviewOrder(h.owner, { orderId: id, requestId: "approve-1", verdict: "approve" }, OWNER))).toMatchObject({ ok: false, error: { code: "already_decided" } });
  });

  it("approve and reject from two tabs at once: exactly one verdict wins, and the money follows it", async () => {
    const h = await harness();
    const { id } = await h.paidOrder(CARDS.elevated);
    const [approve, reject] = await h.run(
      Promise.all([
        reviewOrder(h.owner, { orderId: id, requestId: "tab-one-click", verdict: "approve" }, OWNER),
        reviewOrder(h.owner, { orderId: id, requestId: "tab-two-click", verdict: "reject" }, OWNER),
      ]),
    );
    expect([approve, reject].filter((r) => r.ok), JSON.stringify([approve, reject])).toHaveLength(1);
    const loser = approve.ok ? reject : approve;
    expect(loser).toMatchObject({ ok: false, error: { code: "already_decided" } });
    await h.step(id, true);
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("unread");
    const status = (await h.intent(id)).status;
    if (approve.ok) expect([read.value.record.state, status]).toEqual(["completed", "succeeded"]);
    else expect([read.value.record.state, status]).toEqual(["failed", "canceled"]);
  });

  it("a held order nobody decides is rejected at its deadline by the sweep, before the authorization lapses", async () => {
    const h = await harness({ settings: { reviewHours: 2 } });
    const { id, after } = await h.paidOrder(CARDS.elevated);
    const deadline = after.review?.deadline ?? 0;
    expect(deadline).toBe((after.screening?.at ?? 0) + 2 * 3600_000);
    expect(after.nextCheckAt).toBe(deadline);
    await h.timers.advance(2 * 3600_000 + 1000);
    await h.run(sweep(h.deps));
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("unread");
    expect(read.value.record).toMatchObject({ state: "failed", reason: "rejected_in_review", review: { status: "rejected", decidedBy: "deadline" } });
    expect((await h.intent(id)).status).toBe("canceled");
  });

  it("the deadline is capped by the authorization's hold, whatever the settings", async () => {
    const h = await harness({ settings: { reviewHours: 24 * 6 } });
    h.deps.policy.authorizationHoldMs = 24 * 3600_000;
    const { after } = await h.paidOrder(CARDS.elevated);
    expect(after.review?.deadline).toBe((after.payment.authorizedAt ?? 0) + 24 * 3600_000 - h.deps.policy.safetyMarginMs);
  });

  it("approved after the reservation ran out: reserved again under a new ext_order_id, then delivered", async () => {
    const h = await harness();
    const { id } = await h.paidOrder(CARDS.elevated);
    await h.timers.advance(h.deps.policy.reservationMs + 60_000);
    const approved = await h.run(reviewOrder(h.owner, { orderId: id, requestId: "approve-late", verdict: "approve" }, OWNER));
    expect(approved).toMatchObject({ ok: true, value: { state: "completed" } });
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("unread");
    expect(read.value.record.upstream).toMatchObject({ extOrderId: `${id}R1`, status: 2 });
    expect(read.value.record.events.map((e) => e.what)).toEqual(expect.arrayContaining([expect.stringMatching(/reserving again/), expect.stringMatching(/reserved again after review/)]));
    expect((await h.intent(id)).status).toBe("succeeded");
  });
});
