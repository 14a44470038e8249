// The recovery sweep: advance every order whose deadline has come. Serverless has no timers,
// so every wait an order has is a score in the KV index, and this is what acts on it — from
// the cron route, `npm run sweep`, or a test. Orders are advanced one at a time: the sweep is
// background work and must not spend the partner's upstream rate limit in a burst. One order's
// failure, whatever it is, is recorded and the sweep goes on with the rest: an order that
// failed stays in the index behind a backoff, so it can never head the list for every run.
import { advance, type AdvanceDeps } from "./advance";
import { isSettled } from "./order-states";
import { roomForStep } from "./run-deadline";
import type { DueQueue } from "./store/order-store";

export interface SweepReport {
  /** Orders looked at. */
  advanced: number;
  /** Orders that reached a final state in this sweep. */
  settled: number;
  /** Orders whose advance failed (KV trouble, an unreadable record); the index retries them later. */
  failed: { orderId: string; code: string }[];
  /** Due orders this run did not get to because its time budget ran out (counted up to LEFT_COUNT_CAP). */
  left: number;
  /** Of those, the urgent ones (anything but a completed order's re-read). */
  urgentLeft: number;
}

export interface SweepOptions {
  /** Start no order after this time (clock ms): a serverless function has a maximum duration. */
  until?: number;
  /** Which deadlines, in this order; both by default, the urgent ones first. */
  queues?: DueQueue[];
  /**
   * Asked before each order: false means another instance has this deadline (the in-process
   * scheduler's claim, lib/scheduler), so this run skips it.
   */
  claim?(orderId: string): Promise<boolean>;
}

/** An order the sweep could not advance is looked at again after this, not at every run. */
export const SWEEP_RETRY_MS = 15 * 60_000;

/** Due ids read from the index at a time. */
const BATCH = 100;

/** The report counts the orders it left up to this many (Kv has no ZCOUNT: they are read). */
export const LEFT_COUNT_CAP = 1000;

/**
 * Advance every due order, urgent deadlines first, until none is left or the time budget is
 * spent: no fixed cap, so a backlog shrinks at the pace the budget allows and the report says
 * what is left for the next run. Each order is looked at once per run: one that stays due (its
 * lease is held by another run) is not taken again and again.
 */
export async function sweep(deps: AdvanceDeps, options: SweepOptions = {}): Promise<SweepReport> {
  const report: SweepReport = { advanced: 0, settled: 0, failed: [], left: 0, urgentLeft: 0 };
  const queues = options.queues ?? ["urgent", "reread"];
  const seen = new Set<string>();
  for (const [index, queue] of queues.entries()) {
    const ran = await sweepQueue(deps, options, queue, seen, report);
    if (ran === "index_unreadable") return report;
    if (ran === "out_of_time") {
      await countLeft(deps, queues.slice(index), seen, report);
      return report;
    }
  }
  return report;
}

/** Two runs' reports as one (the urgent deadlines' run and the re-reads'). */
export function joinSweepReports(a: SweepReport, b: SweepReport): SweepReport {
  return { advanced: a.advanced + b.advanced, settled: a.settled + b.settled, failed: [...a.failed, ...b.failed], left: a.left + b.left, urgentLeft: a.urgentLeft + b.urgentLeft };
}

type QueueRun = "drained" | "out_of_time" | "index_unreadable";

async function sweepQueue(deps: AdvanceDeps, options: SweepOptions, queue: DueQueue, seen: Set<string>, report: SweepReport): Promise<QueueRun> {
  for (;;) {
    // Past the ids this run has looked at already (still due: another run holds them).
    const due = await deps.store.due(seen.size + BATCH, queue);
    if (!due.ok) {
      report.failed.push({ orderId: "*", code: due.error.code });
      return "index_unreadable";
    }
    const fresh = due.value.filter((orderId) => !seen.has(orderId));
    if (fresh.length === 0) return "drained";
    for (const orderId of fresh) {
      // No order is started that its first step, at its worst, could not finish in this run.
      const now = deps.clock.now();
      if ((options.until !== undefined && now >= options.until) || !roomForStep(deps.runDeadline, now)) return "out_of_time";
      seen.add(orderId);
      if (options.claim && !(await options.claim(orderId))) continue;
      report.advanced += 1;
      const outcome = await sweepOne(orderId, deps);
      if (outcome === "settled") report.settled += 1;
      else if (outcome !== "moving") report.failed.push({ orderId, code: outcome.code });
    }
  }
}

/** What a run that ran out of time leaves: the due ids it did not look at, per queue. */
async function countLeft(deps: AdvanceDeps, queues: DueQueue[], seen: Set<string>, report: SweepReport): Promise<void> {
  for (const queue of queues) {
    const due = await deps.store.due(LEFT_COUNT_CAP + seen.size, queue);
    const left = due.ok ? due.value.filter((orderId) => !seen.has(orderId)).length : 0;
    report.left += Math.min(left, LEFT_COUNT_CAP);
    if (queue === "urgent") report.urgentLeft += Math.min(left, LEFT_COUNT_CAP);
  }
}

type SweepOutcome = "settled" | "moving" | { code: string };

async function sweepOne(orderId: string, deps: AdvanceDeps): Promise<SweepOutcome> {
  let code: string;
  try {
    const result = await advance(orderId, deps);
    if (result.ok) return isSettled(result.value.state) ? "settled" : "moving";
    if (result.error.code === "not_found") {
      // The index names an order that is gone: nothing to do for it, ever.
      console.warn(`[checkout] sweep: order ${orderId} is in the index but not stored; dropped from the index`);
      await deps.store.forget(orderId);
      return "moving";
    }
    // KV trouble leaves the order due: the next sweep tries it first, as it should.
    if (result.error.code === "kv_error" || result.error.code === "conflict") return { code: result.error.code };
    code = result.error.code;
  } catch (error) {
    // advance() records a throwing step on its order; this is what is left (a bug in the
    // plumbing around it). It must not cost the orders after this one their turn.
    console.error(`[checkout] sweep: advancing ${orderId} threw:`, error);
    code = "threw";
  }
  deps.alertOwner(orderId, { kind: "sweepStuck", values: { code, minutes: SWEEP_RETRY_MS / 60_000 } }, "sweep");
  await deps.store.postpone(orderId, deps.clock.now() + SWEEP_RETRY_MS).catch(() => undefined);
  return { code };
}
