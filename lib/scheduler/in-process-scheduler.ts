// The scheduler of a long-running server (`next start`, the standalone server): every few
// seconds it takes the due deadlines from the KV index and acts on them, so a self-hoster needs
// no system cron. Safe with many instances on one store: each due order is claimed for one tick
// (SET NX with a short TTL, per order), not by one global lock that a dead instance would hold;
// a claim lapses by itself, and the order's own lease (advance.ts) keeps two runs from acting
// together whatever the claims say. Never started on a serverless host: no timer runs there
// after the answer (instrumentation.ts decides).
import type { AdvanceDeps } from "@/lib/checkout/advance";
import { sweepOrderEmails, type OrderEmailDeps } from "@/lib/checkout/order-email";
import { joinSweepReports, sweep, type SweepReport } from "@/lib/checkout/sweep";
import type { Kv } from "@/lib/kv/kv";
import type { Scheduler, TimerHandle } from "@/lib/time/clock";

/** How often the index is read: a deadline waits at most this (plus the tick's own work). */
export const TICK_MS = 5_000;
/** A tick starts no order after this: the next tick goes on, on this or another instance. */
export const TICK_BUDGET_MS = 4_000;

export interface InProcessSchedulerDeps {
  kv: Kv;
  orders: AdvanceDeps;
  email: OrderEmailDeps;
  scheduler: Scheduler;
  /** This instance, for its claims (a random id per process). */
  instanceId: string;
}

const claimKey = (orderId: string) => `scheduler:claim:${orderId}`;

/** One tick: the due orders this instance could claim, urgent first, then the pending emails. */
export async function tick(deps: InProcessSchedulerDeps): Promise<SweepReport> {
  const until = deps.orders.clock.now() + TICK_BUDGET_MS;
  const claim = (orderId: string) => deps.kv.setIfAbsent(claimKey(orderId), deps.instanceId, { ttlMs: TICK_MS });
  const urgent = await sweep(deps.orders, { until, claim, queues: ["urgent"] });
  // The outbox has its own claim per email (order-email.ts).
  await sweepOrderEmails(deps.email, until);
  const rereads = await sweep(deps.orders, { until, claim, queues: ["reread"] });
  return joinSweepReports(urgent, rereads);
}

/** Runs tick() every TICK_MS, one at a time, until stopped. A failed tick is logged; the next one runs. */
export function startInProcessScheduler(deps: InProcessSchedulerDeps): () => void {
  let timer: TimerHandle | null = null;
  let stopped = false;
  const run = async () => {
    try {
      const report = await tick(deps);
      for (const failure of report.failed) console.error(`[scheduler] order ${failure.orderId}: not advanced (${failure.code})`);
    } catch (error) {
      console.error(`[scheduler] tick failed: ${String(error)}`);
    }
    if (!stopped) timer = deps.scheduler.schedule(TICK_MS, run);
  };
  timer = deps.scheduler.schedule(TICK_MS, run);
  return () => {
    stopped = true;
    timer?.cancel();
  };
}
