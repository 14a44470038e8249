// GET /api/cron/sweep – advance every order whose deadline has come: the net under the
// scheduler's per-deadline messages (vercel.json runs it daily, a QStash schedule every 10 min).
import { route } from "@/lib/http/route";
import { getSweep } from "@/lib/checkout/http/get-sweep";
import { orderDepsWithin } from "@/lib/shop/checkout";
import { shopMailer, SHOP_NAME } from "@/lib/shop/mailer";
import { reviewOperations } from "@/lib/operations/review-operations";
import { expireTags, TAGS } from "@/lib/shop/cache-tags";
import { continueSweep } from "@/lib/shop/deadline-route";
import { shopOperationsDeps } from "@/lib/shop/operations";
import { cronSecret } from "@/lib/shop/route-needs";
import { SWEEP_BUDGET_MS, SWEEP_MAX_DURATION_S } from "@/lib/shop/time-limits";

export const dynamic = "force-dynamic";
/** SWEEP_MAX_DURATION_S (lib/shop/time-limits.ts): the sweep starts no order after SWEEP_BUDGET_MS. */
export const maxDuration = 300;

export const GET = route({ cronSecret }, async () => {
  const answer = await getSweep({ orders: () => orderDepsWithin(SWEEP_MAX_DURATION_S), budgetMs: SWEEP_BUDGET_MS, mail: { mailer: shopMailer(), shopName: SHOP_NAME } });
  // An authorized sweep also refreshes the partner balance and the owner's operations alerts;
  // their trouble is logged, never the orders' sweep failing.
  if (answer.ok) await sweepOperations().catch((error: unknown) => console.error(`[operations] not reviewed: ${String(error)}`));
  // What the budget left is continued at once by the scheduler, not by tomorrow's cron.
  const left = answer.ok ? ((await answer.clone().json()) as { left?: number }).left : 0;
  if (left) await continueSweep().catch((error: unknown) => console.error(`[scheduler] sweep follow-up not scheduled: ${String(error)}`));
  return answer;
});

async function sweepOperations(): Promise<void> {
  const review = await reviewOperations(await shopOperationsDeps());
  if (review.balance.pagesChanged) expireTags([TAGS.salesCeiling], "route-handler");
}
