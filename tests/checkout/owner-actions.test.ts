// The owner's actions on one order, against both sandboxes through the real stripe package:
// each repeated at once (a double submit, two tabs) does its effect once — one Stripe refund,
// one email — partial refunds add up and never pass what was captured, and every refusal
// changes nothing, at Stripe or on the order.
import { describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit";
import { cancelOrder, redriveOrder, refundListeners, refundOrder, resendOrderEmail, type OwnerActionDeps } from "@/lib/checkout/owner-actions";
import { getSweep } from "@/lib/checkout/http/get-sweep";
import { sweep } from "@/lib/checkout/sweep";
import { publicOrder } from "@/lib/checkout/public-order";
import { readDailySales, salesTotals } from "@/lib/operations/daily-sales";
import { recordMoneyBack } from "@/lib/operations/money-back";
import type { MailMessage } from "@/lib/mail/mailer";
import { stripeClientFor } from "@/lib/shop/stripe";
import { ok } from "@/lib/result";
import { RESERVED_ITEM, TOPUP_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();
const OWNER = { email: "owner@shop.test", ip: "203.0.113.9" };
const USD = (minor: number) => ({ minor, currency: "USD" });

async function world() {
  const h = await newHarness(undefined, { payments: "sandbox" });
  const mails: MailMessage[] = [];
  const deps: OwnerActionDeps = {
    ...h.deps,
    shopName: "Test Shop",
    mailer: { send: async (message) => (mails.push(message), ok({ where: "memory" })) },
    onMoneyBack: (order) => recordMoneyBack(h.kv, order, { storeCurrency: "USD", exchangeRates: {} }),
  };
  const sandbox = h.paymentsSandbox;
  if (!sandbox) throw new Error("no payments sandbox");
  const stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_checkout" }, (request) => sandbox.handle(request));
  const refundsAtStripe = async (intentId: string) => (await stripe.refunds.list({ payment_intent: intentId, limit: 100 })).data.map((refund) => refund.amount);
  const order = async (id: string) => {
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error(read.error.code);
    return read.value.record;
  };
  const audit = async () => (await listAudit(1, { kv: h.kv })).entries.filter((entry) => entry.action.startsWith("orders."));
  /** What the dashboard nets from this week's sales. */
  const refundedThisWeek = async () => salesTotals(await readDailySales(h.kv, "USD", h.deps.clock.now(), 7)).refundedMinor;
  return { h, deps, refundedThisWeek, mails, refundsAtStripe, order, audit, run: <T>(call: Promise<T>) => h.run(call) };
}

/** A reservation order paid with 4242 and completed: 11.00 USD captured. */
async function completedOrder(h: CheckoutHarness): Promise<{ id: string; intentId: string }> {
  const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
  const waiting = await h.step(id);
  await h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242");
  const done = await h.step(id, true);
  expect(done.state).toBe("completed");
  return { id, intentId: done.payment.paymentIntentId ?? "" };
}

/** A completed order refunded 4.00 USD under `requestId` with every Stripe answer lost (each request took effect): left pending. */
async function partRefundWithLostAnswer(w: Awaited<ReturnType<typeof world>>, requestId: string): Promise<{ id: string; intentId: string }> {
  const order = await completedOrder(w.h);
  // The stripe package retries twice; lose all three answers.
  w.h.losePaymentAnswers.push("/v1/refunds", "/v1/refunds", "/v1/refunds");
  const first = await w.run(refundOrder(w.deps, { orderId: order.id, requestId, amount: USD(400), reason: "x" }, OWNER));
  expect(first).toMatchObject({ ok: true, value: { refund: { status: "pending" } } });
  return order;
}

describe("refund", () => {
  it("in full, asked five times at once with one request id: one Stripe refund, one email, refunding → refunded, one audit row", async () => {
    const w = await world();
    const { id, intentId } = await completedOrder(w.h);
    const input = { orderId: id, requestId: "refund-req-1", reason: "buyer could not redeem" };
    const results = await w.run(Promise.all([1, 2, 3, 4, 5].map(() => refundOrder(w.deps, input, OWNER))));
    for (const result of results) expect(result.ok).toBe(true);
    expect(results.filter((r) => r.ok && !r.value.repeat)).toHaveLength(1);
    expect(await w.refundsAtStripe(intentId)).toEqual([1100]);
    const after = await w.order(id);
    expect(after).toMatchObject({ state: "refunded", reason: "refunded_by_shop" });
    expect(after.events.map((e) => e.to).filter(Boolean).slice(-2)).toEqual(["refunding", "refunded"]);
    expect(after.refunds).toMatchObject([{ kind: "full", amount: USD(1100), status: "done", buyerTold: true }]);
    expect(w.mails).toHaveLength(1);
    expect(w.mails[0]).toMatchObject({ to: "buyer@example.com" });
    expect(w.mails[0]?.text).toContain("in full");
    expect(w.mails[0]?.text).not.toContain("could not redeem");
    const rows = await w.audit();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: OWNER.email, ip: OWNER.ip, action: "orders.refund", target: `order:${id}`, before: { state: "completed" }, after: { state: "refunded", reason: "buyer could not redeem" } });
    // The buyer's page says so.
    expect(publicOrder(after, w.h.deps.vault)).toMatchObject({ status: "refunded", money: "refunded", refunded: USD(1100), reason_code: "refunded_by_shop", delivery: null });
    // A later click of the same form, or a new one, refunds nothing more.
    expect(await w.run(refundOrder(w.deps, input, OWNER))).toMatchObject({ ok: true, value: { repeat: true } });
    expect(await w.run(refundOrder(w.deps, { ...input, requestId: "refund-req-2" }, OWNER))).toMatchObject({ ok: false, error: { code: "already_refunded" } });
    expect(await w.refundsAtStripe(intentId)).toEqual([1100]);
    expect(w.mails).toHaveLength(1);
    expect(await w.refundedThisWeek()).toBe(1100);
  });

  it("in parts: a repeated part refunds once, parts add up, the last part that empties it is the full refund", async () => {
    const w = await world();
    const { id, intentId } = await completedOrder(w.h);
    const part = { orderId: id, requestId: "part-one-1", amount: USD(300), reason: "late delivery" };
    const results = await w.run(Promise.all([1, 2, 3].map(() => refundOrder(w.deps, part, OWNER))));
    for (const result of results) expect(result.ok).toBe(true);
    // Whoever lost the race to Stripe may answer "pending"; by now it is done, once.
    await w.run(redriveOrder(w.deps, { orderId: id, requestId: "redrive-after" }, OWNER));
    expect(await w.refundsAtStripe(intentId)).toEqual([300]);
    let after = await w.order(id);
    expect(after.state).toBe("completed");
    expect(after.refunds).toMatchObject([{ kind: "part", status: "done", amount: USD(300), buyerTold: true }]);
    expect(w.mails).toHaveLength(1);
    const view = publicOrder(after, w.h.deps.vault);
    expect(view).toMatchObject({ money: "partly_refunded", refunded: USD(300) });
    // The buyer keeps the code after a partial refund.
    expect(view.delivery?.code).toBeTruthy();
    expect(view.money_text).toContain("$3.00");

    // More than is left is refused, and nothing moves.
    const tooMuch = await w.run(refundOrder(w.deps, { orderId: id, requestId: "part-two-x", amount: USD(801), reason: "x" }, OWNER));
    expect(tooMuch).toMatchObject({ ok: false, error: { code: "amount_too_large", field: "amount" } });
    expect((await w.order(id)).refunds).toHaveLength(1);

    const second = await w.run(refundOrder(w.deps, { orderId: id, requestId: "part-two-1", amount: USD(500), reason: "goodwill" }, OWNER));
    expect(second).toMatchObject({ ok: true, value: { state: "completed", refund: { kind: "part", status: "done" }, refunded: USD(800) } });
    // Exactly what is left: the full refund, through refunding → refunded.
    const last = await w.run(refundOrder(w.deps, { orderId: id, requestId: "part-three", amount: USD(300), reason: "closing it" }, OWNER));
    expect(last).toMatchObject({ ok: true, value: { state: "refunded", refund: { kind: "full", amount: USD(300), status: "done" }, refunded: USD(1100) } });
    expect((await w.refundsAtStripe(intentId)).sort((a, b) => a - b)).toEqual([300, 300, 500]);
    after = await w.order(id);
    expect(after.refunds?.map((r) => r.status)).toEqual(["done", "done", "done"]);
    expect(w.mails).toHaveLength(3);
    expect((await w.audit()).filter((row) => row.action === "orders.refund")).toHaveLength(3);
    expect(await w.refundedThisWeek()).toBe(1100);
  });

  it("two different parts at once that together pass what was captured: one is refused, the sum stays within", async () => {
    const w = await world();
    const { id, intentId } = await completedOrder(w.h);
    const results = await w.run(
      Promise.all([
        refundOrder(w.deps, { orderId: id, requestId: "tab-a-0001", amount: USD(700), reason: "a" }, OWNER),
        refundOrder(w.deps, { orderId: id, requestId: "tab-b-0001", amount: USD(700), reason: "b" }, OWNER),
      ]),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: expect.stringMatching(/amount_too_large|refund_in_progress/) } });
    await w.run(redriveOrder(w.deps, { orderId: id, requestId: "redrive-after" }, OWNER));
    expect(await w.refundsAtStripe(intentId)).toEqual([700]);
  });

  it("refuses before delivery, bad amounts and a missing reason, changing nothing", async () => {
    const w = await world();
    const id = await w.h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await w.h.step(id);
    const before = JSON.stringify(await w.order(id));
    const refusals = [
      [{ orderId: id, requestId: "early-0001", reason: "x" }, "not_completed"],
      [{ orderId: id, requestId: "early-0002", reason: "   " }, "invalid"],
      [{ orderId: id, requestId: "early-0003", reason: "x", amount: USD(0) }, "invalid"],
      [{ orderId: id, requestId: "early-0004", reason: "x", amount: USD(-5) }, "invalid"],
      [{ orderId: id, requestId: "no", reason: "x" }, "invalid"],
      [{ orderId: "not-an-order", requestId: "early-0005", reason: "x" }, "invalid"],
    ] as const;
    for (const [input, code] of refusals) expect(await w.run(refundOrder(w.deps, input, OWNER))).toMatchObject({ ok: false, error: { code } });
    expect(JSON.stringify(await w.order(id))).toBe(before);
    // Completed, but in another currency, or not an amount Stripe takes: refused too.
    await w.h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242");
    await w.h.step(id, true);
    const completed = JSON.stringify(await w.order(id));
    expect(await w.run(refundOrder(w.deps, { orderId: id, requestId: "eur-00001", reason: "x", amount: { minor: 100, currency: "EUR" } }, OWNER))).toMatchObject({ ok: false, error: { code: "invalid", field: "amount" } });
    expect(await w.run(refundOrder(w.deps, { orderId: id, requestId: "big-00001", reason: "x", amount: USD(1101) }, OWNER))).toMatchObject({ ok: false, error: { code: "amount_too_large" } });
    expect(JSON.stringify(await w.order(id))).toBe(completed);
    expect(await w.audit()).toHaveLength(0);
    expect(w.mails).toHaveLength(0);
  });

  it("a part whose Stripe answer is lost stays pending, blocks new refunds, and is finished once by re-drive under the same key", async () => {
    const w = await world();
    const { id, intentId } = await partRefundWithLostAnswer(w, "lost-answer");
    expect(await w.refundsAtStripe(intentId)).toEqual([400]);
    expect(w.mails).toHaveLength(0);
    expect(await w.run(refundOrder(w.deps, { orderId: id, requestId: "another-1", reason: "x" }, OWNER))).toMatchObject({ ok: false, error: { code: "refund_in_progress" } });
    const redriven = await w.run(Promise.all([1, 2].map((n) => redriveOrder(w.deps, { orderId: id, requestId: `redrive-${n}-x` }, OWNER))));
    for (const r of redriven) expect(r.ok).toBe(true);
    expect(await w.refundsAtStripe(intentId)).toEqual([400]);
    expect((await w.order(id)).refunds).toMatchObject([{ status: "done", buyerTold: true }]);
    expect(w.mails).toHaveLength(1);
  });
  it("a part whose Stripe answer is lost is finished by the cron sweep, with no click: refunded once, the buyer told once", async () => {
    const w = await world();
    const { id, intentId } = await partRefundWithLostAnswer(w, "lost-then-swept");
    const cron = () =>
      getSweep({
        orders: async () => w.deps,
        budgetMs: 40_000,
        mail: { mailer: w.deps.mailer, shopName: w.deps.shopName },
      });
    // The cron also sends the order's own email, which this harness left pending: count refunds.
    const refundMails = () => w.mails.filter((mail) => mail.subject.startsWith("Refund for your order"));
    await w.h.timers.advance(3600_000);
    expect((await w.run(cron())).status).toBe(200);
    expect((await w.order(id)).refunds).toMatchObject([{ status: "done", buyerTold: true }]);
    expect(await w.refundsAtStripe(intentId)).toEqual([400]);
    expect(refundMails()).toHaveLength(1);
    // Nothing is left open: later sweeps do nothing more.
    await w.h.timers.advance(3600_000);
    await w.run(cron());
    expect(await w.refundsAtStripe(intentId)).toEqual([400]);
    expect(refundMails()).toHaveLength(1);
  });
  it("in full, its answer lost and retried after Stripe forgot the key (over a day): the charge already refunded is the refund, not a refusal for ever", async () => {
    const w = await world();
    const { id, intentId } = await completedOrder(w.h);
    // Stripe refunds, every answer is lost, and nobody retries for over a day.
    w.h.losePaymentAnswers.push("/v1/refunds", "/v1/refunds", "/v1/refunds");
    const asked = await w.run(refundOrder(w.deps, { orderId: id, requestId: "refund-forgotten", reason: "x" }, OWNER));
    expect(asked).toMatchObject({ ok: true, value: { state: "refunding" } });
    await w.h.timers.advance(25 * 3600_000);
    const swept = { ...w.deps, ...refundListeners(w.deps) };
    await w.run(sweep(swept));
    const after = await w.order(id);
    expect(after.state).toBe("refunded");
    expect(after.payment.refundId).toMatch(/^re_/);
    expect(await w.refundsAtStripe(intentId)).toEqual([1100]);
    expect(after.refunds).toMatchObject([{ kind: "full", status: "done", buyerTold: true }]);
  });
  it("in full, when the checkout's refund step is finished by the sweep later: the buyer is told then, once, with no click", async () => {
    const w = await world();
    const { id, intentId } = await completedOrder(w.h);
    // Stripe takes the refund but its answer is lost, and so are the stripe package's two
    // retries: the order stays refunding for the sweep.
    w.h.losePaymentAnswers.push("/v1/refunds", "/v1/refunds", "/v1/refunds");
    const asked = await w.run(refundOrder(w.deps, { orderId: id, requestId: "refund-swept", reason: "wrong region" }, OWNER));
    expect(asked).toMatchObject({ ok: true, value: { state: "refunding", refund: { kind: "full", status: "pending" } } });
    expect(w.mails).toHaveLength(0);
    // The sweep, as the cron runs it in the shop, with the shop's listeners.
    const swept = { ...w.deps, ...refundListeners(w.deps) };
    await w.h.timers.advance(3600_000);
    await w.run(sweep(swept));
    await w.run(sweep(swept));
    const after = await w.order(id);
    expect(after.state).toBe("refunded");
    expect(after.refunds).toMatchObject([{ kind: "full", status: "done", buyerTold: true }]);
    expect(await w.refundsAtStripe(intentId)).toEqual([1100]);
    expect(w.mails).toHaveLength(1);
    expect(w.mails[0]?.text).toContain("in full");
  });
});

describe("cancel", () => {
  it("before payment, three times at once: released upstream once, failed, nothing charged, one audit row", async () => {
    const w = await world();
    const id = await w.h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await w.h.step(id);
    const balance = await w.h.balance();
    const results = await w.run(Promise.all([1, 2, 3].map(() => cancelOrder(w.deps, { orderId: id, requestId: "cancel-req-1" }, OWNER))));
    for (const result of results) expect(result.ok).toBe(true);
    const after = await w.order(id);
    expect(after).toMatchObject({ state: "failed", reason: "cancelled_by_shop", upstream: { status: 3 } });
    expect(w.h.upstreamCalls.filter((path) => path === "/api/order_update")).toHaveLength(1);
    expect(await w.h.balance()).toBe(balance);
    expect(publicOrder(after, w.h.deps.vault)).toMatchObject({ money: "not_charged", reason_code: "cancelled_by_shop" });
    expect((await w.audit()).map((row) => row.action)).toEqual(["orders.cancel"]);
    // Again later: nothing to do, still fine.
    expect(await w.run(cancelOrder(w.deps, { orderId: id, requestId: "cancel-req-2" }, OWNER))).toMatchObject({ ok: true, value: { state: "failed", repeat: true } });
  });

  it("a reservation paid and held: released upstream and the authorization cancelled", async () => {
    const w = await world();
    const id = await w.h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await w.h.step(id);
    await w.h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242");
    // The payment arrives, but the order has not been woken yet: it still awaits its payment.
    expect((await w.order(id)).state).toBe("awaiting_payment");
    const cancelled = await w.run(cancelOrder(w.deps, { orderId: id, requestId: "cancel-paid" }, OWNER));
    expect(cancelled).toMatchObject({ ok: true, value: { state: "failed" } });
    const after = await w.order(id);
    expect(after.events.some((e) => e.what.includes("payment cancelled"))).toBe(true);
    expect(publicOrder(after, w.h.deps.vault).money).toBe("not_charged");
  });

  it("refuses where upstream may still deliver or has delivered, changing nothing", async () => {
    const w = await world();
    // A pay-first order, paid: sent upstream as soon as the payment is held.
    const payFirst = await w.h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    const waiting = await w.h.step(payFirst);
    await w.h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242");
    const read = await w.h.deps.store.read(payFirst);
    if (!read.ok) throw new Error("no order");
    // As if a run had just seen the payment and was about to send /api/pay.
    const saved = await w.h.deps.store.save(read.value, { to: "authorized", note: { kind: "paymentAuthorized", values: { intent: "pi_test" } }, patch: { nextCheckAt: null } });
    expect(saved.ok).toBe(true);
    const held = JSON.stringify(await w.order(payFirst));
    expect(await w.run(cancelOrder(w.deps, { orderId: payFirst, requestId: "cancel-pf-1" }, OWNER))).toMatchObject({ ok: false, error: { code: "upstream_may_deliver" } });
    expect(JSON.stringify(await w.order(payFirst))).toBe(held);

    const { id: done } = await completedOrder(w.h);
    const completed = JSON.stringify(await w.order(done));
    expect(await w.run(cancelOrder(w.deps, { orderId: done, requestId: "cancel-done" }, OWNER))).toMatchObject({ ok: false, error: { code: "delivered" } });
    expect(JSON.stringify(await w.order(done))).toBe(completed);
    expect(await w.audit()).toHaveLength(0);
  });

  // Found by the checkout's property test: a paid reservation is confirmed as soon as its
  // payment is seen, so once it is authorized upstream may have delivered it already.
  it("refuses a paid reservation whose confirmation went out unanswered: upstream has delivered it", async () => {
    const w = await world();
    const id = await w.h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await w.h.step(id);
    await w.h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242");
    // The confirmation delivers upstream but its answer is lost, and the look that follows is refused.
    w.h.loseAnswers.push("/api/order_update");
    w.h.replaceAnswers.push({ path: "/api/get_order_info", acted: false, answer: () => new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } }) });
    const held = await w.h.step(id, true);
    expect(held).toMatchObject({ state: "authorized", upstream: { status: 6 } });
    const before = JSON.stringify(await w.order(id));
    expect(await w.run(cancelOrder(w.deps, { orderId: id, requestId: "cancel-confirmed" }, OWNER))).toMatchObject({ ok: false, error: { code: "upstream_may_deliver" } });
    expect(JSON.stringify(await w.order(id))).toBe(before);
    expect(await w.audit()).toHaveLength(0);
    // The checkout finishes it by itself: delivered, and the buyer pays for it.
    await w.h.timers.advance(60_000);
    expect(await w.h.step(id)).toMatchObject({ state: "completed" });
  });
});

describe("resend the order email", () => {
  it("one email per request id, however often it is sent at once; a new click sends another", async () => {
    const w = await world();
    const { id } = await completedOrder(w.h);
    const results = await w.run(Promise.all([1, 2, 3, 4].map(() => resendOrderEmail(w.deps, { orderId: id, requestId: "resend-req-1" }, OWNER))));
    for (const result of results) expect(result.ok).toBe(true);
    expect(w.mails).toHaveLength(1);
    expect(w.mails[0]?.text).toContain(`https://shop.test/orders/${id}?key=`);
    expect(await w.run(resendOrderEmail(w.deps, { orderId: id, requestId: "resend-req-1" }, OWNER))).toMatchObject({ ok: true, value: { repeat: true } });
    expect(w.mails).toHaveLength(1);
    expect(await w.run(resendOrderEmail(w.deps, { orderId: id, requestId: "resend-req-2" }, OWNER))).toMatchObject({ ok: true, value: { repeat: false } });
    expect(w.mails).toHaveLength(2);
    expect((await w.audit()).map((row) => row.action)).toEqual(["orders.email_resent", "orders.email_resent"]);
  });

  it("a failed send sends nothing and may be tried again with the same request", async () => {
    const w = await world();
    const { id } = await completedOrder(w.h);
    const refusing = { ...w.deps, mailer: { send: async () => ({ ok: false as const, error: { code: "mail_failed" as const, message: "SMTP down" } }) } };
    expect(await w.run(resendOrderEmail(refusing, { orderId: id, requestId: "resend-fail" }, OWNER))).toMatchObject({ ok: false, error: { code: "mail_failed" } });
    expect(await w.run(resendOrderEmail(w.deps, { orderId: id, requestId: "resend-fail" }, OWNER))).toMatchObject({ ok: true, value: { repeat: false } });
    expect(w.mails).toHaveLength(1);
    expect(await w.run(resendOrderEmail(w.deps, { orderId: "01ARZ3NDEKTSV4RRFFQ69G5FAV", requestId: "resend-none" }, OWNER))).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});

describe("re-drive", () => {
  it("runs a waiting order now, once per request, whatever its deadline", async () => {
    const w = await world();
    const id = await w.h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await w.h.step(id);
    await w.h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242");
    // No webhook reached us: the order would wait for its deadline.
    const results = await w.run(Promise.all([1, 2, 3].map(() => redriveOrder(w.deps, { orderId: id, requestId: "redrive-req-1" }, OWNER))));
    expect(results.filter((r) => r.ok && !r.value.repeat)).toHaveLength(1);
    expect((await w.order(id)).state).toBe("completed");
    expect(w.h.upstreamCalls.filter((path) => path === "/api/order_update")).toHaveLength(1);
    expect((await w.audit()).map((row) => row.action)).toEqual(["orders.redrive"]);
  });
});
