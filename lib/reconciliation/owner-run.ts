// A run the owner asks for: it calls upstream and the payment provider and may raise alerts, so
// who asked for it is written to the audit log with what it found. Cron runs write no row.
import { recordAudit, type Actor } from "@/lib/audit";
import type { Result } from "@/lib/result";
import type { Period } from "./period";
import { reconcile, type ReconcileDeps, type ReconcileError } from "./run";
import type { RunRecord } from "./run-record";

export async function reconcileForOwner(deps: ReconcileDeps, period: Period, actor: Actor): Promise<Result<RunRecord, ReconcileError>> {
  const result = await reconcile(deps, { period, trigger: "owner", startedBy: actor.email });
  if (!result.ok) return result;
  const run = result.value;
  const after = { from: period.from, to: period.to, outcome: run.outcome, mismatches: run.counts.mismatches };
  await recordAudit({ actor: actor.email, action: "reconciliation.run", target: `reconciliation-run:${run.id}`, after, ip: actor.ip }, deps);
  return result;
}
