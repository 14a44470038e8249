// Reconciliation against both sandboxes: the checkout harness's Partner API sandbox (no
// notifications: its partner has no notify_url) and the payments sandbox through the stripe
// package. A completed order that upstream refunds later is planted and must be found, settled
// through the checkout's own refund path, and settled once however often the owner clicks.
import { describe, expect, it } from "vitest";
import { listOrderIdsCreatedBetween } from "@/lib/checkout/store/order-index";
import { advance } from "@/lib/checkout/advance";
import { stripeClientFor } from "@/lib/shop/stripe";
import type { AlertInput } from "@/lib/alerts";
import { recordSurprise } from "@/lib/checkout/upstream-surprises";
import { route } from "@/lib/http/route";
import { getDailyReconciliation } from "@/lib/reconciliation/cron";
import { reconcile, type ReconcileDeps } from "@/lib/reconciliation/run";
import { listRuns, lockRuns, readRun } from "@/lib/reconciliation/run-store";
import { settleRow, type SettleDeps } from "@/lib/reconciliation/settle";
import { dayOf } from "@/lib/reconciliation/period";
import { orderIdFactory } from "@/lib/checkout/order-id";
import type { SampleFixture } from "@/tests/support/sandbox/sample-fixture";
import type { CheckoutUpstream } from "@/lib/checkout/checkout-deps";
import { RESERVED_ITEM, TOPUP_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();
const HOUR = 3600_000;

/** Upstream delivers voucher 1001, then refunds it five hours later without telling anyone. */
function refundLater(fixture: SampleFixture) {
  const voucher = fixture.services[0]?.vouchers?.[0];
  if (voucher) voucher.supplier = { outcome: "refund_after", refund_after_seconds: 5 * 3600 };
}

async function boughtAndCompleted(h: CheckoutHarness): Promise<string> {
  const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
  const waiting = await h.step(id);
  expect((await h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242")).status).toBe(303);
  expect((await h.step(id, true)).state).toBe("completed");
  return id;
}

function world(h: CheckoutHarness, batchSize = 5000) {
  const sandbox = h.paymentsSandbox;
  if (!sandbox) throw new Error("payments sandbox expected");
  const stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_reconcile" }, (request) => sandbox.handle(request));
  const alerts: AlertInput[] = [];
  const audits: { action: string; target: string }[] = [];
  const deps: ReconcileDeps = {
    kv: h.kv,
    orders: h.deps.store,
    listOrderIds: (from, to, opts) => listOrderIdsCreatedBetween(h.kv, from, to, opts),
    upstream: h.client,
    stripe,
    clock: h.timers,
    batchSize,
    raiseAlert: async (input) => void alerts.push(input),
    newRunId: orderIdFactory(h.timers),
    recordSurprise: (orderId, fact) => recordSurprise(h.deps, orderId, "reconciliation", fact),
  };
  const settleDeps: SettleDeps = {
    kv: h.kv,
    clock: h.timers,
    wake: (orderId) => h.run(advance(orderId, h.deps, { kind: "wake", reason: { kind: "any" } })),
    audit: async (entry) => void audits.push(entry),
  };
  return { deps, settleDeps, stripe, alerts, audits };
}

describe("reconciliation, three ways", () => {
  it("finds a completed order that upstream refunded without a notification, and settles it through the checkout's refund", async () => {
    const h = await newHarness(refundLater, { payments: "sandbox" });
    const { deps, settleDeps, stripe, alerts, audits } = world(h);
    const planted = await boughtAndCompleted(h);
    await h.timers.advance(4 * HOUR);
    const fine = await boughtAndCompleted(h);
    await h.timers.advance(1.5 * HOUR); // the planted order's refund upstream falls due; nobody is told
    const day = dayOf(h.timers.now());

    const result = await reconcile(deps, { period: { from: day, to: day }, trigger: "owner", startedBy: "owner@demo.example" });
    if (!result.ok) throw new Error(result.error.message);
    const run = result.value;
    expect(run).toMatchObject({ outcome: "done", counts: { orders: 2, judged: 2, inFlight: 0, submitted: 2, batches: 1, upstreamAgreed: 1, upstreamDisagreed: 1, upstreamNotFound: 0, mismatches: 1 } });
    expect(run.calls).toMatchObject({ revise: 1, orderInfo: 1 });
    expect(run.rows).toEqual([
      expect.objectContaining({
        kind: "upstream_refunded",
        orderId: planted,
        action: "wake",
        ledger: expect.objectContaining({ state: "completed", price: 1100, upstreamStatus: 2 }),
        provider: expect.objectContaining({ status: "succeeded", received: 1100, refunded: 0 }),
        upstream: { status: 3, amount: "9.5" },
      }),
    ]);
    expect(run.rows.some((row) => row.orderId === fine)).toBe(false);
    expect(alerts).toEqual([expect.objectContaining({ cause: `reconciliation:${run.id}`, link: `/admin/reconciliation/${run.id}` })]);
    expect((await listRuns(h.kv)).map((kept) => kept.id)).toEqual([run.id]);

    const rowKey = run.rows[0]?.key ?? "";
    const [first, second] = await Promise.all([
      settleRow(settleDeps, { runId: run.id, rowKey, actor: "owner@demo.example" }),
      settleRow(settleDeps, { runId: run.id, rowKey, actor: "owner@demo.example" }),
    ]);
    expect(first.ok && second.ok).toBe(true);
    const again = await settleRow(settleDeps, { runId: run.id, rowKey, actor: "owner@demo.example" });
    expect(again).toMatchObject({ ok: true, value: { first: false } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "reconciliation.order_woken", target: `order:${planted}` });

    const order = await h.deps.store.read(planted);
    expect(order.ok && order.value.record).toMatchObject({ state: "refunded", reason: "refunded_upstream" });
    const refunds = await stripe.refunds.list({ payment_intent: order.ok ? (order.value.record.payment.paymentIntentId ?? "") : "" });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([1100]);

    const next = await reconcile(deps, { period: { from: day, to: day }, trigger: "cron", startedBy: null });
    expect(next.ok && next.value).toMatchObject({ outcome: "done", counts: { judged: 2, mismatches: 0 } });
  });

  it("sends the period's payments in batches of the configured size, and refuses a second run while one holds the lock", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    const { deps } = world(h, 1);
    await boughtAndCompleted(h);
    await boughtAndCompleted(h);
    await boughtAndCompleted(h);
    const day = dayOf(h.timers.now());
    const result = await reconcile(deps, { period: { from: day, to: day }, trigger: "owner", startedBy: null });
    expect(result.ok && result.value).toMatchObject({ counts: { submitted: 3, batches: 3, upstreamAgreed: 3, mismatches: 0 }, calls: { revise: 3, orderInfo: 0 } });

    const held = await lockRuns(h.kv);
    expect(await reconcile(deps, { period: { from: day, to: day }, trigger: "owner", startedBy: null })).toMatchObject({ ok: false, error: { code: "busy" } });
    await held?.release();
    const kept = result.ok ? await readRun(h.kv, result.value.id) : null;
    expect(kept?.counts.batches).toBe(3);
  });
});

describe("GET /api/cron/reconcile", () => {
  it("is closed without CRON_SECRET, refuses a wrong bearer, and reconciles yesterday for the right one", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    const { deps } = world(h);
    await boughtAndCompleted(h);
    const yesterdayOfOrder = dayOf(h.timers.now());
    await h.timers.advance(24 * HOUR);
    // Behind the route wrapper's cron secret, as app/api/cron/reconcile/route.ts serves it.
    const call = (secret: string | undefined, bearer?: string) =>
      route({ cronSecret: () => secret }, () => getDailyReconciliation({ reconcile: async () => deps }))(
        new Request("https://shop.test/api/cron/reconcile", { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} }),
      );

    expect((await call(undefined, "anything")).status).toBe(403);
    expect((await call("s3cret", "wrong")).status).toBe(401);
    const answer = await call("s3cret", "s3cret");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ period: { from: yesterdayOfOrder, to: yesterdayOfOrder }, outcome: "done", counts: { orders: 1, judged: 1, mismatches: 0 } });
    expect((await listRuns(h.kv))[0]).toMatchObject({ trigger: "cron", startedBy: null });
  });

  it("reports a failed order that upstream delivered, though the order never recorded an upstream id, and keeps it on the order", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    const { deps } = world(h);
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    const waiting = await h.step(id);
    expect((await h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242")).status).toBe(303);
    // /api/pay delivers while another run releases the order: this run's save loses.
    const upstream: CheckoutUpstream = h.deps.upstream;
    h.deps.upstream = {
      ...upstream,
      pay: async (request) => {
        const answer = await upstream.pay(request);
        const read = await h.deps.store.read(id);
        if (!read.ok) throw new Error(read.error.code);
        const releasing = await h.deps.store.save(read.value, { to: "releasing", note: { kind: "reservationRefused", values: { code: "103" } }, patch: { reason: "unavailable" } });
        if (!releasing.ok) throw new Error(releasing.error.code);
        await h.deps.store.save(releasing.value, { to: "failed", note: { kind: "nothingCharged" } });
        return answer;
      },
    };
    await h.step(id, true);
    const failed = await h.deps.store.read(id);
    expect(failed.ok && failed.value.record).toMatchObject({ state: "failed", upstream: { orderId: null } });

    const day = dayOf(h.timers.now());
    const result = await reconcile(deps, { period: { from: day, to: day }, trigger: "owner", startedBy: null });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.rows).toEqual([
      expect.objectContaining({ kind: "upstream_delivered", orderId: id, action: "review", ledger: expect.objectContaining({ state: "failed" }), upstream: expect.objectContaining({ status: 2 }) }),
    ]);
    const kept = await h.deps.store.read(id);
    expect(kept.ok && kept.value.record.surprises?.map((surprise) => surprise.source)).toEqual(["pay_answer", "reconciliation"]);
  });
});
