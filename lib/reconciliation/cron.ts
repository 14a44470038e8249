// GET /api/cron/reconcile: yesterday's reconciliation, behind the cron secret the route wrapper
// checks (lib/http/cron-secret.ts) as the sweep's is: a run costs upstream and provider calls.
import { json, problem } from "@/lib/http/json-answer";
import { yesterday } from "./period";
import { reconcile, type ReconcileDeps } from "./run";

export async function getDailyReconciliation(deps: { reconcile(): Promise<ReconcileDeps> }): Promise<Response> {
  const wired = await deps.reconcile();
  const result = await reconcile(wired, { period: yesterday(wired.clock.now()), trigger: "cron", startedBy: null });
  if (!result.ok) return problem("try_later", result.error.message);
  const { id, period, outcome, error, counts, calls } = result.value;
  // A run that could not finish is kept and alerted; the scheduler should see it failed too.
  if (outcome === "failed") return problem("internal", `reconciliation ${id} failed: ${error ?? "unknown error"}`, { id });
  return json({ id, period, outcome, counts, calls });
}
