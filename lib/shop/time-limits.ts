// How long the host may run each function, from the Partner client's timeouts and retries
// (lib/partner/call-budget.ts) rather than guessed: a route that may call upstream gets the
// time one call takes at its worst, up to what the host grants. Next reads `maxDuration` from
// each route file as a literal, so the routes write the number and
// tests/http/max-duration.test.ts holds each literal to what is computed here.
import type { RunDeadline } from "@/lib/checkout/run-deadline";
import { worstCaseAuthorizedCallMs, worstCaseCallMs } from "@/lib/partner/call-budget";
import { systemClock } from "@/lib/time/clock";

/**
 * The longest a function may run on the host's plans we deploy to (Vercel with fluid compute:
 * 300 s on Hobby, and Pro's default); a longer value would fail the deployment on Hobby.
 */
export const HOST_MAX_DURATION_S = 300;

/** A route whose run may call upstream once, after a login: the client's worst case, capped by the host. */
export const UPSTREAM_ROUTE_MAX_DURATION_S = Math.min(HOST_MAX_DURATION_S, Math.ceil(worstCaseAuthorizedCallMs() / 1000));

/** The sweep and the scheduler's deliveries run as long as the host lets them. */
export const SWEEP_MAX_DURATION_S = HOST_MAX_DURATION_S;

/**
 * How long a sweep may go on starting orders: its limit less one upstream call at its worst,
 * so the last order it starts finishes inside the limit. What it leaves, it says, and the
 * scheduler continues (a follow-up message, the next tick, the next cron).
 */
export const SWEEP_BUDGET_MS = SWEEP_MAX_DURATION_S * 1000 - worstCaseCallMs();

/** Room at the end of a run for its last writes, the scheduler's message and the answer. */
export const RUN_MARGIN_MS = 10_000;

/**
 * The time limit of an order's run that starts now in a function of `maxDurationS`: it starts
 * no step that one Partner call at its worst could not finish before the limit less the margin
 * (lib/checkout/run-deadline.ts), and leaves the rest to a fresh function.
 */
export function runDeadline(maxDurationS: number, now: number = systemClock.now()): RunDeadline {
  return { stopBy: now + maxDurationS * 1000 - RUN_MARGIN_MS, stepMs: worstCaseCallMs() };
}
