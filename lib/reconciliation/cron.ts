// GET /api/cron/reconcile: yesterday's reconciliation behind Vercel's cron convention
// (Authorization: Bearer $CRON_SECRET), closed without a secret as the sweep is: a run costs
// upstream and provider calls.
import { bearerToken } from "@/lib/http/bearer-token";
import { json, problem } from "@/lib/http/json-answer";
import { constantTimeEqual } from "@/lib/security/constant-time-equal";
import { yesterday } from "./period";
import { reconcile, type ReconcileDeps } from "./run";

export async function getDailyReconciliation(request: Request, deps: { cronSecret: string | undefined; reconcile(): Promise<ReconcileDeps> }): Promise<Response> {
  if (!deps.cronSecret) return problem("forbidden", "CRON_SECRET is not set: the reconciliation route is closed");
  const given = bearerToken(request.headers);
  if (given === null || !constantTimeEqual(given, deps.cronSecret)) return problem("unauthorized", "send Authorization: Bearer <CRON_SECRET>");
  const wired = await deps.reconcile();
  const result = await reconcile(wired, { period: yesterday(wired.clock.now()), trigger: "cron", startedBy: null });
  if (!result.ok) return problem("try_later", result.error.message);
  const { id, period, outcome, error, counts, calls } = result.value;
  // A run that could not finish is kept and alerted; the scheduler should see it failed too.
  if (outcome === "failed") return problem("internal", `reconciliation ${id} failed: ${error ?? "unknown error"}`, { id });
  return json({ id, period, outcome, counts, calls });
}
