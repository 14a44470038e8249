// The recovery sweep: advance every order whose deadline has come. Serverless has no timers,
// so every wait an order has is a score in the KV index, and this is what acts on it — from
// the cron route, `npm run sweep`, or a test. Orders are advanced one at a time: the sweep is
// background work and must not spend the partner's upstream rate limit in a burst. One order's
// failure, whatever it is, is recorded and the sweep goes on with the rest: an order that
// failed stays in the index behind a backoff, so it can never head the list for every run.
import { advance, type AdvanceDeps } from "./advance";
import { isSettled } from "./order-states";

export interface SweepReport {
  /** Orders looked at. */
  advanced: number;
  /** Orders that reached a final state in this sweep. */
  settled: number;
  /** Orders whose advance failed (KV trouble, an unreadable record); the index retries them later. */
  failed: { orderId: string; code: string }[];
  /** Due orders left for the next sweep because the time budget ran out. */
  left: number;
}

export interface SweepOptions {
  /** At most this many orders per sweep. */
  limit?: number;
  /** Start no order after this time (clock ms): a serverless function has a maximum duration. */
  until?: number;
}

/** An order the sweep could not advance is looked at again after this, not at every run. */
export const SWEEP_RETRY_MS = 15 * 60_000;

export async function sweep(deps: AdvanceDeps, options: SweepOptions = {}): Promise<SweepReport> {
  const due = await deps.store.due(options.limit ?? 100);
  const report: SweepReport = { advanced: 0, settled: 0, failed: [], left: 0 };
  if (!due.ok) return { ...report, failed: [{ orderId: "*", code: due.error.code }] };
  for (const [index, orderId] of due.value.entries()) {
    if (options.until !== undefined && deps.clock.now() >= options.until) {
      report.left = due.value.length - index;
      break;
    }
    report.advanced += 1;
    const outcome = await sweepOne(orderId, deps);
    if (outcome === "settled") report.settled += 1;
    else if (outcome !== "moving") report.failed.push({ orderId, code: outcome.code });
  }
  return report;
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
  deps.alertOwner(orderId, `the sweep cannot advance this order (${code}); it is tried again in ${SWEEP_RETRY_MS / 60_000} minutes`, "sweep");
  await deps.store.postpone(orderId, deps.clock.now() + SWEEP_RETRY_MS).catch(() => undefined);
  return { code };
}
