// How long one run of advance may go on: a function on a serverless host is cut off at its time
// limit, wherever it is. A run cut off inside a step leaves its order due with nobody to act on
// it until the sweep; a run that stops itself before a step it might not finish leaves it at a
// safe point and asks the scheduler to go on in a fresh function. The composition root
// (lib/shop/time-limits.ts) sets it per route from that route's maxDuration; without one a run
// has no limit (a long-running server, a test).
import { z } from "zod";

export const runDeadlineSchema = z.object({
  /** Clock ms by which the run must have stopped: its function's limit less room to answer. */
  stopBy: z.number().int(),
  /** The longest one step may take: its call outside at its worst, with the client's retries. */
  stepMs: z.number().int().nonnegative(),
});

export type RunDeadline = z.infer<typeof runDeadlineSchema>;

/** Whether a step started at `now` finishes, at its worst, before the run must have stopped. */
export function roomForStep(deadline: RunDeadline | undefined, now: number): boolean {
  return deadline === undefined || now + deadline.stepMs <= deadline.stopBy;
}
