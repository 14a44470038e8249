// One reconciliation of a period: our ledger's orders, their payments sent to /api/revise in
// batches, the provider's PaymentIntents and refunds, and each finished order judged three
// ways (judge.ts). The run is kept in KV whatever its outcome, and a run that finds mismatches
// or cannot finish raises an alert. One run at a time (a KV lock): a second is refused as busy.
import type Stripe from "stripe";
import type { AlertInput } from "@/lib/alerts";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { OrderStore, OrderStoreError } from "@/lib/checkout/store/order-store";
import type { UpstreamFact } from "@/lib/checkout/upstream-surprises";
import type { Kv } from "@/lib/kv/kv";
import type { PartnerClient } from "@/lib/partner/client";
import type { ReviseResponse, RevisePayment } from "@/lib/partner/schemas";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import { reviseBatches } from "./batches";
import { judgeOrder, providerOnly, type MismatchRow, type ProviderView, type UpstreamView } from "./judge";
import { isJudged, ledgerView, revisePayment, upstreamIdOf } from "./ledger";
import { periodRange, reviseDates, type Period } from "./period";
import { readIntentById, readProviderSide } from "./provider";
import { MAX_ROWS, type RunCalls, type RunCounts, type RunRecord } from "./run-record";
import { lockRuns, saveRun } from "./run-store";

export interface ReconcileDeps {
  kv: Kv;
  orders: Pick<OrderStore, "read">;
  /** Ids of orders created in [from, to] ms, oldest first, paged (lib/checkout/store/order-index.ts). */
  listOrderIds(from: number, to: number, opts: { after?: string; limit?: number }): Promise<Result<{ ids: string[]; next: string | null }, { code: string }>>;
  upstream: Pick<PartnerClient, "revise" | "orderInfo">;
  stripe: Stripe;
  clock: Clock;
  /** RECONCILE_BATCH_SIZE: payments per /api/revise call. */
  batchSize: number;
  raiseAlert(input: AlertInput): Promise<void>;
  newRunId(): string;
  /** Keeps what upstream holds and the order does not expect on the order (recordSurprise, source "reconciliation"). */
  recordSurprise(orderId: string, fact: UpstreamFact): Promise<Result<unknown, OrderStoreError>>;
}

export interface ReconcileInput {
  period: Period;
  trigger: "owner" | "cron";
  startedBy: string | null;
}

export type ReconcileError = { code: "busy"; message: string };

/** Orders read from KV at once. */
const READ_CONCURRENCY = 64;
const ID_PAGE = 1000;

export async function reconcile(deps: ReconcileDeps, input: ReconcileInput): Promise<Result<RunRecord, ReconcileError>> {
  const lock = await lockRuns(deps.kv);
  if (!lock) return err({ code: "busy", message: "a reconciliation is already running; try again when it has finished" });
  const startedAt = deps.clock.now();
  const run = newRun(deps.newRunId(), input, startedAt);
  try {
    await judgePeriod(deps, input.period, run);
    run.outcome = "done";
  } catch (error) {
    run.outcome = "failed";
    run.error = error instanceof Error ? error.message : String(error);
  } finally {
    run.finishedAt = deps.clock.now();
    await saveRun(deps.kv, run);
    await lock.release();
  }
  await alertOwner(deps, run);
  return ok(run);
}

function newRun(id: string, input: ReconcileInput, startedAt: number): RunRecord {
  const counts: RunCounts = { orders: 0, judged: 0, inFlight: 0, submitted: 0, batches: 0, upstreamAgreed: 0, upstreamDisagreed: 0, upstreamNotFound: 0, providerIntents: 0, mismatches: 0 };
  const calls: RunCalls = { revise: 0, orderInfo: 0, provider: 0 };
  return { id, period: input.period, trigger: input.trigger, startedBy: input.startedBy, startedAt, finishedAt: startedAt, outcome: "failed", error: null, counts, calls, rows: [], rowsLeftOut: 0 };
}

async function judgePeriod(deps: ReconcileDeps, period: Period, run: RunRecord): Promise<void> {
  const range = periodRange(period);
  const orders = await ledgerOrders(deps, range);
  run.counts.orders = orders.length;
  const judged = orders.filter(isJudged);
  run.counts.judged = judged.length;
  run.counts.inFlight = orders.length - judged.length;

  const upstream = await upstreamSide(deps, period, judged, run);
  const provider = await readProviderSide(deps.stripe, range, deps.clock.now());
  run.calls.provider += provider.calls;
  run.counts.providerIntents = provider.intents.size;

  const rows: MismatchRow[] = [];
  const ours = new Set(orders.map((order) => order.id));
  for (const order of judged) {
    let payment: ProviderView | null = null;
    const intentId = order.payment.paymentIntentId;
    if (intentId !== null) {
      payment = provider.intents.get(intentId) ?? null;
      if (payment === null) {
        payment = await readIntentById(deps.stripe, intentId);
        run.calls.provider += 2;
      }
    }
    const upstreamId = upstreamIdOf(order);
    const upstreamView = upstreamId === null ? null : (upstream.get(upstreamId) ?? agreed(order));
    const judgedRows = judgeOrder(ledgerView(order), payment, upstreamView);
    if (upstreamView && judgedRows.some((row) => row.kind === "upstream_delivered")) {
      await keepOnOrder(deps, order.id, { upstreamOrderId: upstreamId, status: upstreamView.status });
    }
    rows.push(...judgedRows);
  }
  // Money the provider took for an order our ledger does not have at all.
  for (const intent of provider.intents.values()) {
    if (intent.received <= intent.refunded || (intent.orderId !== null && ours.has(intent.orderId))) continue;
    const known = intent.orderId === null ? null : await deps.orders.read(intent.orderId);
    if (known?.ok) continue;
    if (known && known.error.code !== "not_found") throw new Error(`order ${intent.orderId} could not be read (${known.error.code})`);
    rows.push(providerOnly(intent, intent.orderId));
  }
  run.counts.mismatches = rows.length;
  run.rows = rows.slice(0, MAX_ROWS);
  run.rowsLeftOut = rows.length - run.rows.length;
}

/** A delivery upstream made for an order we hold as failed is kept on the order too; never fails the run. */
async function keepOnOrder(deps: ReconcileDeps, orderId: string, fact: UpstreamFact): Promise<void> {
  const kept = await deps.recordSurprise(orderId, fact);
  if (!kept.ok) console.warn(`[reconciliation] what upstream delivered for ${orderId} was not kept on the order (${kept.error.code})`);
}

async function ledgerOrders(deps: ReconcileDeps, range: { start: number; end: number }): Promise<OrderRecord[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await deps.listOrderIds(range.start, range.end, { after, limit: ID_PAGE });
    if (!page.ok) throw new Error(`the order index could not be read (${page.error.code})`);
    ids.push(...page.value.ids);
    after = page.value.next ?? undefined;
  } while (after !== undefined);

  const orders: OrderRecord[] = [];
  for (let i = 0; i < ids.length; i += READ_CONCURRENCY) {
    const reads = await Promise.all(ids.slice(i, i + READ_CONCURRENCY).map((id) => deps.orders.read(id)));
    for (const [j, read] of reads.entries()) {
      if (!read.ok) throw new Error(`order ${ids[i + j]} could not be read (${read.error.code})`);
      orders.push(read.value.record);
    }
  }
  return orders;
}

/** What upstream says of the orders where it disagrees; an order it agrees on is absent. */
async function upstreamSide(deps: ReconcileDeps, period: Period, judged: OrderRecord[], run: RunRecord): Promise<Map<string, UpstreamView>> {
  const payments = judged.map(revisePayment).filter((payment): payment is RevisePayment => payment !== null);
  run.counts.submitted = payments.length;
  const dates = reviseDates(period);
  const views = new Map<string, UpstreamView>();
  const disagreed: string[] = [];
  for (const batch of reviseBatches(payments, deps.batchSize)) {
    run.counts.batches += 1;
    run.calls.revise += 1;
    const answer = await deps.upstream.revise({ ...dates, payments: batch });
    if (!answer.ok) throw new Error(`/api/revise failed (${answer.error.code}: ${answer.error.message})`);
    count(run.counts, answer.value);
    for (const mismatch of answer.value.revise_payments_mismatches) {
      const id = String(mismatch.order_id);
      if (mismatch.mismatch_reason === "amount_mismatch") {
        views.set(id, { status: Number(mismatch.partner_status), amount: mismatch.service_amount === undefined ? null : String(mismatch.service_amount) });
      } else disagreed.push(id);
    }
  }
  // Where revise disagrees on status or finds nothing, the order itself has the last word: it
  // may lie outside revise's dates, or have moved since.
  for (const id of disagreed) {
    run.calls.orderInfo += 1;
    const info = await deps.upstream.orderInfo(id);
    if (info.ok) views.set(id, { status: info.value.order_status, amount: String(info.value.amount_charged) });
    else if (info.error.code === 404) views.set(id, { status: null, amount: null });
    else throw new Error(`/api/get_order_info ${id} failed (${info.error.code}: ${info.error.message})`);
  }
  return views;
}

function count(counts: RunCounts, answer: ReviseResponse): void {
  counts.upstreamAgreed += answer.revise_payments_true;
  counts.upstreamDisagreed += answer.revise_payments_false;
  counts.upstreamNotFound += answer.revise_payments_not_found;
}

/** Upstream agreed with what we sent: the status our ledger expects. */
function agreed(order: OrderRecord): UpstreamView {
  const payment = revisePayment(order);
  return { status: payment?.status ?? null, amount: payment ? String(payment.amount) : null };
}

async function alertOwner(deps: ReconcileDeps, run: RunRecord): Promise<void> {
  const link = `/admin/reconciliation/${run.id}`;
  const cause = `reconciliation:${run.id}`;
  const period = run.period.from === run.period.to ? run.period.from : `${run.period.from} – ${run.period.to}`;
  if (run.outcome === "failed") {
    await deps.raiseAlert({ cause, title: `Reconciliation of ${period} failed`, detail: run.error ?? "unknown error", link, words: { kind: "reconciliationFailed", values: { period } } });
  } else if (run.counts.mismatches > 0) {
    const kinds = [...new Set(run.rows.map((row) => row.kind))].join(", ");
    await deps.raiseAlert({
      cause,
      title: `Reconciliation of ${period}: ${run.counts.mismatches} mismatch(es)`,
      detail: `Kinds: ${kinds}.`,
      link,
      words: { kind: "reconciliationMismatches", values: { period, count: run.counts.mismatches } },
    });
  }
}
