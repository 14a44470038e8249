// The scheduler's look at an order whose lease may be held by a run that died. A process that
// dies mid-run (a function frozen or killed by its host) renews nothing and lets nothing go:
// its lease lapses by itself, but an order due "now" has no message of its own (a deadline is
// published only when a save sets it in the future), so without this the order would wait for
// the sweep. The look is an ordinary order message: a live holder's finds the lease still held
// and asks for the next one (a delivery does, advance.ts), or finds the order waiting for a
// later deadline and does nothing.
import type { DeadlineAlarm } from "./deadline-alarm";
import type { Clock } from "@/lib/time/clock";

/**
 * A look is asked for at a multiple of this: the runs and deliveries that ask within one step
 * ask for the same message (one deduplication id), and it comes at most this long after the
 * lease can have lapsed.
 */
const LEASE_WATCH_STEP_MS = 5_000;

export interface LeaseWatchDeps {
  /** None: the in-process scheduler reads the due index every few seconds, and needs no message. */
  alarm?: DeadlineAlarm;
  clock: Clock;
  leaseMs: number;
}

/**
 * Asks the scheduler for a look at the order once a lease taken or met now can have lapsed (it
 * is at most `leaseMs` from its last renewal). One that fails to be asked for costs the wait
 * for the sweep, never the order.
 */
export async function watchLease(orderId: string, deps: LeaseWatchDeps): Promise<void> {
  if (!deps.alarm) return;
  const at = Math.ceil((deps.clock.now() + deps.leaseMs) / LEASE_WATCH_STEP_MS) * LEASE_WATCH_STEP_MS;
  await deps.alarm.order(orderId, at).catch((error: unknown) => console.error(`[checkout] order ${orderId}: watch on its lease not scheduled (the sweep will take it): ${String(error)}`));
}
