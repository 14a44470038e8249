// The background look at operations, from the cron sweep (and the dashboard): refresh the
// balance if due and raise or clear the low-balance and failing alerts; the caller expires the
// storefront pages when the sellable ceiling changed (`balance.pagesChanged`).
import { readHealth, type HealthReport } from "./health";
import { reviewHealth } from "./health-alerts";
import { reviewBalance, type BalanceReview } from "./review-balance";
import type { OperationsDeps } from "./partner-balance";

export interface OperationsReview {
  balance: BalanceReview;
  health: HealthReport[];
}

export async function reviewOperations(deps: OperationsDeps, pages: "record" | "leave" = "record"): Promise<OperationsReview> {
  const balance = await reviewBalance(deps, pages);
  const health = await Promise.all((["upstream", "payments"] as const).map((system) => readHealth(deps.kv, deps.clock, system)));
  for (const report of health) await reviewHealth(deps.alerts, report);
  return { balance, health };
}
