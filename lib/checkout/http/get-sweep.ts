// GET /api/cron/sweep: the recovery sweep behind Vercel's cron convention (Authorization:
// Bearer $CRON_SECRET). Without a configured secret the route is closed: a sweep costs upstream
// calls, so it must not be something anyone can trigger.
import { constantTimeEqual } from "@/lib/security/constant-time-equal";
import type { AdvanceDeps } from "../advance";
import { sweep } from "../sweep";
import { json, problem } from "./json-answer";

export interface GetSweepDeps {
  cronSecret: string | undefined;
  orders(): Promise<AdvanceDeps>;
  /** How long this sweep may start new orders, in ms (the host's function time limit, less room). */
  budgetMs: number;
}

export async function getSweep(request: Request, deps: GetSweepDeps): Promise<Response> {
  if (!deps.cronSecret) return problem(403, "not_configured", "CRON_SECRET is not set: the sweep route is closed (npm run sweep works without it)");
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (given === undefined || !constantTimeEqual(given, deps.cronSecret)) {
    return problem(401, "unauthorized", "send Authorization: Bearer <CRON_SECRET>");
  }
  const orders = await deps.orders();
  const report = await sweep(orders, { until: orders.clock.now() + deps.budgetMs });
  return json(report, report.failed.length > 0 ? 500 : 200);
}
