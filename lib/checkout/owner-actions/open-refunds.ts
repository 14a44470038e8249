// Owner refunds that something may leave unfinished — a Stripe answer lost, a process that died
// after moving the order to refunded but before telling the buyer — are finished by the cron
// sweep, not only by the owner's next click. The order is marked here before its refund entry
// is written, so no entry can exist unmarked; a mark whose order has nothing open is dropped.
import type { Kv } from "@/lib/kv/kv";
import type { OrderRecord } from "../order-record";
import type { OwnerActionDeps } from "./owner-action-deps";
import { settleRefunds } from "./settle-refunds";

/** Sorted set: order id → when the sweep should look at its owner refunds next. */
export const OPEN_REFUNDS_KEY = "checkout:owner-refunds-open";

/** An open refund not finished by one sweep is looked at again after this. */
export const OPEN_REFUND_RETRY_MS = 15 * 60_000;

export async function markOpenRefund(kv: Kv, orderId: string, at: number): Promise<void> {
  await kv.zAdd(OPEN_REFUNDS_KEY, at, orderId);
}

export interface OpenRefundsReport {
  finished: number;
  open: number;
  failed: number;
}

/** Finish the owner refunds that are due; one order's failure never stops the others. */
export async function finishOpenRefunds(deps: OwnerActionDeps, limit = 50): Promise<OpenRefundsReport> {
  const now = deps.clock.now();
  const due = await deps.kv.zRangeByScore(OPEN_REFUNDS_KEY, { max: now, limit });
  const report: OpenRefundsReport = { finished: 0, open: 0, failed: 0 };
  for (const { member: orderId } of due) {
    try {
      await settleRefunds(deps, orderId);
      const read = await deps.store.read(orderId);
      if (read.ok && stillOpen(read.value.record)) {
        report.open += 1;
        await deps.kv.zAdd(OPEN_REFUNDS_KEY, now + OPEN_REFUND_RETRY_MS, orderId);
      } else if (read.ok || read.error.code === "not_found") {
        report.finished += 1;
        await deps.kv.zRem(OPEN_REFUNDS_KEY, orderId);
      } else {
        throw new Error(read.error.code);
      }
    } catch (error) {
      report.failed += 1;
      console.error(`[orders] owner refunds of ${orderId} not finished: ${error instanceof Error ? error.message : String(error)}`);
      await deps.kv.zAdd(OPEN_REFUNDS_KEY, now + OPEN_REFUND_RETRY_MS, orderId).catch(() => undefined);
    }
  }
  return report;
}

/** A refund still asking Stripe, or done with the buyer not yet told. */
function stillOpen(order: OrderRecord): boolean {
  return (order.refunds ?? []).some((entry) => entry.status === "pending" || (entry.status === "done" && !entry.buyerTold));
}
