// The background look at operations, from the cron sweep (and the dashboard): refresh the
// balance if due, raise or clear the low-balance and failing alerts, and expire the storefront
// pages whose sellable ceiling changed.
import { revalidateTag, updateTag } from "next/cache";
import { readHealth, type HealthReport } from "./health";
import { reviewHealth } from "./health-alerts";
import { OPS_TAGS } from "./page-guard";
import { reviewBalance, type BalanceReview } from "./review-balance";
import type { SalesGuardDeps } from "./sales-guard";

export interface OperationsReview {
  balance: BalanceReview;
  health: HealthReport[];
}

export async function reviewOperations(deps: SalesGuardDeps, pages: "record" | "leave" = "record"): Promise<OperationsReview> {
  const balance = await reviewBalance(deps, pages);
  const health = await Promise.all((["upstream", "payments"] as const).map((system) => readHealth(deps.kv, deps.clock, system)));
  for (const report of health) await reviewHealth(deps.alerts, report);
  return { balance, health };
}

/**
 * Expire what the storefront's pages read from operations. updateTag (a server action's own next
 * render sees the change) where allowed, else revalidateTag at once; a page render may do
 * neither, so the dashboard leaves it to the sweep and the owner's actions.
 */
export function expireOperationsPages(tag: keyof typeof OPS_TAGS, from: "server-action" | "route-handler"): void {
  if (from === "server-action") updateTag(OPS_TAGS[tag]);
  else revalidateTag(OPS_TAGS[tag], { expire: 0 });
}
