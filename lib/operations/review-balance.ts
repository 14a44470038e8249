// Look at the balance against the threshold: raise the low-balance alert below it, clear it
// once the balance has recovered (a top-up), and record the ceiling the pages show. Run by the
// cron sweep, the dashboard and a change of the threshold; never per buyer.
import type { Money } from "@/lib/money";
import { availableMinor, isLow, saleCeilingMinor, type BalanceFigures } from "./available-balance";
import { readThreshold } from "./owner-settings";
import { writeSalesCeiling } from "./sales-ceiling";
import { readBalanceFigures, type OperationsDeps } from "./partner-balance";
import { LOW_BALANCE_CAUSE, lowBalanceAlert } from "./sale-check";

export interface BalanceReview {
  /** Null: upstream has never answered /api/balance (unknown, not zero). */
  figures: BalanceFigures | null;
  availableMinor: number | null;
  threshold: Money | null;
  low: boolean;
  /** The pages' ceiling changed: expire the pages that show it. */
  pagesChanged: boolean;
}

/**
 * `pages: "leave"` (a page render, which cannot expire other pages) leaves the pages' ceiling for
 * the next review that can, so a change is never written without its pages being expired.
 */
export async function reviewBalance(deps: OperationsDeps, pages: "record" | "leave" = "record"): Promise<BalanceReview> {
  const [read, threshold] = await Promise.all([readBalanceFigures(deps), readThreshold(deps.kv)]);
  if (!read.ok) {
    // Unknown is neither low nor recovered: the alert stays as it is until a real answer.
    const pagesChanged = pages === "record" && (await writeSalesCeiling(deps.kv, deps.upstream, null));
    return { figures: null, availableMinor: null, threshold, low: false, pagesChanged };
  }
  const figures = read.value;
  const low = isLow(figures, threshold);
  const ceiling = saleCeilingMinor(figures, threshold);
  if (low) await deps.alerts.raise(lowBalanceAlert(ceiling, figures.balance.currency));
  else await deps.alerts.clear(LOW_BALANCE_CAUSE);
  const pagesChanged = pages === "record" && (await writeSalesCeiling(deps.kv, deps.upstream, { ceilingMinor: ceiling, currency: figures.balance.currency }));
  return { figures, availableMinor: availableMinor(figures), threshold, low, pagesChanged };
}
