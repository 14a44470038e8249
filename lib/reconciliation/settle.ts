// Settling one row of a run. A "wake" row wakes the order, and the checkout's own step decides
// and acts (a completed order that upstream refunded moves to refunding and its buyer is
// refunded under the order's refund idempotency key); a "review" row records that the owner
// has looked. The wake comes before the mark, so a wake that failed can be clicked again; a
// second click, or two at once, wake an order that is already moving, which changes nothing.
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { Kv } from "@/lib/kv/kv";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import type { MismatchRow } from "./judge";
import { markSettled, readRun, readSettleMark, type SettleMark } from "./run-store";

export interface SettleDeps {
  kv: Kv;
  clock: Clock;
  /** advance(orderId) with a wake-up (lib/checkout/advance.ts). */
  wake(orderId: string): Promise<Result<OrderRecord, { code: string }>>;
  audit(entry: { actor: string | null; action: string; target: string; before: unknown; after: unknown }): Promise<void>;
}

export type SettleError = { code: "not_found" | "wake_failed"; message: string };

export interface Settled {
  row: MismatchRow;
  /** False when the row was settled before (by this person or another). */
  first: boolean;
  mark: SettleMark;
  /** The order's state after a wake. */
  state: string | null;
}

export async function settleRow(deps: SettleDeps, input: { runId: string; rowKey: string; actor: string | null }): Promise<Result<Settled, SettleError>> {
  const run = await readRun(deps.kv, input.runId);
  if (!run) return err({ code: "not_found", message: `no reconciliation run ${input.runId}` });
  const row = run.rows.find((candidate) => candidate.key === input.rowKey);
  if (!row) return err({ code: "not_found", message: `run ${input.runId} has no row ${input.rowKey}` });
  const standing = await readSettleMark(deps.kv, run.id, row.key);
  if (standing !== null) return ok({ row, first: false, mark: standing, state: null });

  let state: string | null = null;
  if (row.action === "wake" && row.orderId !== null) {
    const woken = await deps.wake(row.orderId);
    if (!woken.ok) return err({ code: "wake_failed", message: `order ${row.orderId} could not be woken (${woken.error.code}); nothing was marked, try again` });
    state = woken.value.state;
  }
  const settled = await markSettled(deps.kv, run.id, row.key, { by: input.actor, at: deps.clock.now(), action: row.action });
  if (settled.first) {
    await deps.audit({
      actor: input.actor,
      action: row.action === "wake" ? "reconciliation.order_woken" : "reconciliation.row_reviewed",
      target: row.orderId ? `order:${row.orderId}` : `payment:${row.provider?.paymentIntentId ?? row.key}`,
      before: { run: run.id, kind: row.kind, ledger: row.ledger, provider: row.provider, upstream: row.upstream },
      after: { action: row.action, state },
    });
  }
  return ok({ row, first: settled.first, mark: settled.mark, state });
}
