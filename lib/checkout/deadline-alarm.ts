// The port through which the checkout tells a scheduler when an order must be looked at again,
// so a deadline is acted on when it comes, with nobody's page open (lib/scheduler wires QStash
// behind it; an in-process scheduler reads the index instead and needs none). The KV index stays
// the truth: an alarm lost on the way costs only the wait for the sweep.
export interface DeadlineAlarm {
  /** The order `orderId` is due again at `at` (clock ms): act on it then. Idempotent per (order, at). */
  order(orderId: string, at: number): Promise<void>;
  /** The order email of `orderId` is still to be sent: try again at `at`. */
  email(orderId: string, at: number): Promise<void>;
}

/**
 * A deadline this close needs no alarm: the run that set it goes on at once, and a run that
 * stops with its order still due asks for the next one itself (advance.ts).
 */
export function needsAlarm(at: number | null, previous: number | null, now: number): at is number {
  return at !== null && at > now && at !== previous;
}
