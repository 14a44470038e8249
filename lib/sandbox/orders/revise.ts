// POST /api/revise – reconcile the partner's register against its orders (docs/partner-api-decisions.md items 19,
// 20). The whole call is validated before anything is judged or recorded.
import { fromMinor, toMinor } from "@/lib/money/minor-units";
import type { RevisePayment } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import { errorResult, ok, type ApiResult } from "../http/error-result";
import type { OrderRecord, ReconciliationRecord } from "../store/records";
import type { EngineContext } from "./engine-context";
import type { ReviseInput } from "./order-engine";
import { isoTime } from "./order-body";
import { DAY_MS, isPartnerTransactionTime, parseDay } from "./revise-dates";

export const MAX_REVISE_PAYMENTS = 10_000;
const MAX_SPAN_DAYS = 30;

type Reason = "status_mismatch" | "amount_mismatch" | "not_found";
// docs/partner-api-decisions.md item 19: one mismatch entry per order, status outranking amount.
const RANK: Record<Reason, number> = { not_found: 2, status_mismatch: 2, amount_mismatch: 1 };

export async function revise(ctx: EngineContext, partner: FixturePartner, input: ReviseInput): Promise<ApiResult> {
  const period = checkPeriod(input.date_from, input.date_to);
  if ("error" in period) return period.error;
  const { payments } = input;
  if (!Array.isArray(payments)) return errorResult(400, "payments must be an array");
  if (payments.length > MAX_REVISE_PAYMENTS) return errorResult(400, `payments may hold at most ${MAX_REVISE_PAYMENTS} entries`);
  for (const [index, payment] of payments.entries()) {
    const problem = paymentProblem(payment);
    if (problem) return errorResult(400, `payments[${index}]: ${problem}`);
  }

  const orders = await ordersOfPeriod(ctx, partner, period, payments);
  const now = ctx.clock.now();
  const counts = { found: 0, same: 0, differ: 0, notFound: 0 };
  const mismatches = new Map<string, { rank: number; entry: Record<string, unknown> }>();
  const records: ReconciliationRecord[] = [];
  for (const payment of payments) {
    const partnerAmountMinor = toMinor(payment.amount ?? payment.amount_charged ?? 0);
    const order = orders.get(payment.order_id);
    let reason: Reason | null;
    if (!order) {
      counts.notFound += 1;
      reason = "not_found";
    } else {
      counts.found += 1;
      if (order.status !== payment.status) counts.differ += 1;
      else counts.same += 1;
      reason =
        order.status !== payment.status ? "status_mismatch" : order.chargedMinor !== partnerAmountMinor ? "amount_mismatch" : null;
      records.push({
        orderId: order.id,
        partnerId: partner.partner_id,
        revisedAt: now,
        result: reason ?? "match",
        partnerStatus: payment.status,
        partnerAmountMinor,
        partnerTransactionTime: payment.transaction_time,
        serviceStatus: order.status,
        serviceAmountMinor: order.chargedMinor,
      });
    }
    if (reason === null) continue;
    const previous = mismatches.get(payment.order_id);
    if (!previous || RANK[reason] > previous.rank) {
      mismatches.set(payment.order_id, { rank: RANK[reason], entry: mismatchEntry(reason, payment, partnerAmountMinor, order) });
    }
  }
  if (records.length) await ctx.store.recordReconciliations(records);

  return ok({
    success: true,
    payments_count: payments.length,
    revise_payments_count: counts.found,
    revise_payments_true: counts.same,
    revise_payments_false: counts.differ,
    revise_payments_not_found: counts.notFound,
    revise_payments_mismatches: [...mismatches.values()].map((m) => m.entry),
  });
}

interface Period {
  fromMs: number;
  toMs: number;
}

function checkPeriod(dateFrom: string, dateTo: string): Period | { error: ApiResult } {
  for (const [name, value] of [["date_from", dateFrom], ["date_to", dateTo]] as const) {
    if (!value) return { error: errorResult(400, `${name} is required`) };
    if (parseDay(value) === null) return { error: errorResult(400, `${name} must be a real date as DD.MM.YYYY or YYYY-MM-DD`) };
  }
  const fromMs = parseDay(dateFrom) ?? 0;
  const toDay = parseDay(dateTo) ?? 0;
  if (fromMs > toDay) return { error: errorResult(400, "date_from must not be later than date_to") };
  if (toDay - fromMs > MAX_SPAN_DAYS * DAY_MS) {
    return { error: errorResult(400, `the period may span at most ${MAX_SPAN_DAYS + 1} days (date_to - date_from <= ${MAX_SPAN_DAYS} days)`) };
  }
  return { fromMs, toMs: toDay + DAY_MS - 1 };
}

/** What the item schema cannot see, re-checked so that no invalid item is ever judged. */
function paymentProblem(payment: RevisePayment): string | null {
  if (typeof payment.order_id !== "string" || payment.order_id === "") return "order_id is required";
  if (payment.status !== 2 && payment.status !== 3) return "status must be 2 or 3";
  const amount = payment.amount ?? payment.amount_charged;
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) return "amount must be a non-negative number";
  if (typeof payment.transaction_time !== "string" || !isPartnerTransactionTime(payment.transaction_time)) {
    return "transaction_time must be a real date and time as DD.MM.YYYY HH:MM:SS, YYYY-MM-DD HH:MM:SS or ISO 8601";
  }
  return null;
}

/** The partner's orders of the period that the payments name, brought up to date. */
async function ordersOfPeriod(ctx: EngineContext, partner: FixturePartner, period: Period, payments: RevisePayment[]) {
  const named = new Set(payments.map((p) => p.order_id));
  const listed = await ctx.store.listOrdersCreatedBetween(partner.partner_id, period.fromMs, period.toMs);
  const orders = new Map<string, OrderRecord>();
  for (const order of listed) {
    if (!named.has(order.id)) continue;
    const current = await ctx.orders.load(order.id);
    if (current) orders.set(current.id, current);
  }
  return orders;
}

function mismatchEntry(reason: Reason, payment: RevisePayment, partnerAmountMinor: number, order: OrderRecord | undefined) {
  const entry: Record<string, unknown> = { order_id: payment.order_id, mismatch_reason: reason, partner_status: payment.status };
  if (order) entry.service_status = order.status;
  entry.partner_amount = fromMinor(partnerAmountMinor);
  if (order) entry.service_amount = fromMinor(order.chargedMinor);
  entry.partner_transaction_time = payment.transaction_time;
  if (order) entry.service_transaction_time = isoTime(order.statusChangedAt);
  return entry;
}
