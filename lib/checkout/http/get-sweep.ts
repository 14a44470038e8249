// GET /api/cron/sweep: the recovery sweep, behind the cron secret the route wrapper checks
// (lib/http/cron-secret.ts): a sweep costs upstream calls.
import { json, problem } from "@/lib/http/json-answer";
import type { Mailer } from "@/lib/mail/mailer";
import type { AdvanceDeps } from "../advance";
import { sweepOrderEmails, type OrderEmailOutcome } from "../order-email";
import { finishOpenRefunds } from "../owner-actions/open-refunds";
import { joinSweepReports, sweep, type SweepReport } from "../sweep";

export interface GetSweepDeps {
  orders(): Promise<AdvanceDeps>;
  /** How long this sweep may start new orders, in ms (the host's function time limit, less room). */
  budgetMs: number;
  /** Sends the order emails a request did not (order-email.ts), and the owner's refund emails. */
  mail: { mailer: Mailer; shopName: string };
}

export async function getSweep(deps: GetSweepDeps): Promise<Response> {
  const report = await getSweepReport(deps);
  // An order that could not be advanced is that order's trouble: the sweep recorded it, told
  // the owner and went on, so the run itself succeeded and says which orders failed. Only a
  // sweep that could not read its index failed as a whole: then the scheduler should show it.
  if (!report.failed.some((failure) => failure.orderId === "*")) return json(report);
  return problem("sweep_failed", "the sweep could not read which orders are due", { ...report });
}

export type FullSweepReport = SweepReport & { emails: Record<OrderEmailOutcome, number> | null; refunds: Awaited<ReturnType<typeof finishOpenRefunds>> | null };

/** One sweep run within the budget: urgent orders, emails, owner refunds, re-reads. */
export async function getSweepReport(deps: GetSweepDeps): Promise<FullSweepReport> {
  const orders = await deps.orders();
  const until = orders.clock.now() + deps.budgetMs;
  // Urgent deadlines first, then the buyer's emails and the owner's refunds, then the completed
  // orders' re-reads, which can wait for the next run if the budget runs out.
  const urgent = await sweep(orders, { until, queues: ["urgent"] });
  // An unreadable outbox must not fail the orders' sweep: its emails stay pending for the next.
  const emails = await sweepOrderEmails({ ...orders, ...deps.mail }, until).catch((error: unknown) => {
    console.error(`[checkout] order emails not swept: ${String(error)}`);
    return null;
  });
  // The owner's refunds a click left unfinished (a lost Stripe answer): finished here, the same way.
  const refunds = await finishOpenRefunds({ ...orders, ...deps.mail }).catch((error: unknown) => {
    console.error(`[orders] owner refunds not swept: ${String(error)}`);
    return null;
  });
  const rereads = urgent.failed.some((failure) => failure.orderId === "*") ? null : await sweep(orders, { until, queues: ["reread"] });
  const report = rereads ? joinSweepReports(urgent, rereads) : urgent;
  return { ...report, emails, refunds };
}
