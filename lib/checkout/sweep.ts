// The recovery sweep: advance every order whose deadline has come. Serverless has no timers,
// so every wait an order has is a score in the KV index, and this is what acts on it — from
// the cron route, `npm run sweep`, or a test. Orders are advanced one at a time: the sweep is
// background work and must not spend the partner's upstream rate limit in a burst.
import { advance, type AdvanceDeps } from "./advance";
import { isSettled } from "./order-states";

export interface SweepReport {
  /** Orders looked at. */
  advanced: number;
  /** Orders that reached a final state in this sweep. */
  settled: number;
  /** Orders whose advance failed (KV trouble); they stay due and the next sweep retries them. */
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

export async function sweep(deps: AdvanceDeps, options: SweepOptions = {}): Promise<SweepReport> {
  const due = await deps.store.due(options.limit ?? 100);
  const report: SweepReport = { advanced: 0, settled: 0, failed: [], left: 0 };
  if (!due.ok) return { ...report, failed: [{ orderId: "*", code: due.error.code }] };
  for (const [index, orderId] of due.value.entries()) {
    if (options.until !== undefined && deps.clock.now() >= options.until) {
      report.left = due.value.length - index;
      break;
    }
    const result = await advance(orderId, deps);
    report.advanced += 1;
    if (!result.ok) report.failed.push({ orderId, code: result.error.code });
    else if (isSettled(result.value.state)) report.settled += 1;
  }
  return report;
}
