// The owner's two operations controls as changes: the low-balance threshold and "pause all
// sales". Each writes the setting and its audit row (with what it was before) together, and
// setting what is already set changes nothing, writes no row, and says so.
import { recordAudit, type Actor, type AuditDeps } from "@/lib/audit";
import type { Money } from "@/lib/money";
import { readPause, readThreshold, writePause, writeThreshold } from "./owner-settings";

/** Null clears it. */
export async function setThreshold(deps: AuditDeps, threshold: Money | null, actor: Actor): Promise<{ changed: boolean }> {
  const before = await readThreshold(deps.kv);
  if (JSON.stringify(before) === JSON.stringify(threshold)) return { changed: false };
  await writeThreshold(deps.kv, threshold, actor.email, deps.clock.now());
  await recordAudit({ actor: actor.email, action: "operations.threshold_set", target: "low-balance-threshold", before, after: threshold, ip: actor.ip }, deps);
  return { changed: true };
}

export async function setSalesPaused(deps: AuditDeps, paused: boolean, actor: Actor): Promise<{ changed: boolean }> {
  const before = await readPause(deps.kv);
  if (before.paused === paused) return { changed: false };
  const after = { paused, by: actor.email, at: deps.clock.now() };
  await writePause(deps.kv, after);
  await recordAudit({ actor: actor.email, action: paused ? "operations.sales_paused" : "operations.sales_resumed", target: "sales", before, after, ip: actor.ip }, deps);
  return { changed: true };
}
