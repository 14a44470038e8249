// GET /api/cron/sweep: the recovery sweep behind Vercel's cron convention (Authorization:
// Bearer $CRON_SECRET). Without a configured secret the route is closed: a sweep costs upstream
// calls, so it must not be something anyone can trigger.
import { bearerToken } from "@/lib/http/bearer-token";
import { json, problem } from "@/lib/http/json-answer";
import { constantTimeEqual } from "@/lib/security/constant-time-equal";
import type { AdvanceDeps } from "../advance";
import { sweep } from "../sweep";

export interface GetSweepDeps {
  cronSecret: string | undefined;
  orders(): Promise<AdvanceDeps>;
  /** How long this sweep may start new orders, in ms (the host's function time limit, less room). */
  budgetMs: number;
}

export async function getSweep(request: Request, deps: GetSweepDeps): Promise<Response> {
  if (!deps.cronSecret) return problem("forbidden", "CRON_SECRET is not set: the sweep route is closed (npm run sweep works without it)");
  const given = bearerToken(request.headers);
  if (given === null || !constantTimeEqual(given, deps.cronSecret)) {
    return problem("unauthorized", "send Authorization: Bearer <CRON_SECRET>");
  }
  const orders = await deps.orders();
  const report = await sweep(orders, { until: orders.clock.now() + deps.budgetMs });
  if (report.failed.length === 0) return json(report);
  // A failure status makes the scheduler show the run as failed; the report rides along as
  // the envelope's details, so whoever looks sees which orders failed.
  return problem("sweep_failed", `${report.failed.length} order(s) could not be advanced`, { ...report });
}
