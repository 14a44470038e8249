// GET /api/cron/sweep – advance every order whose deadline has come (vercel.json runs it).
import { route } from "@/lib/http/route";
import { getSweep } from "@/lib/checkout/http/get-sweep";
import { orderDeps } from "@/lib/shop/checkout";
import { shopMailer, SHOP_NAME } from "@/lib/shop/mailer";
import { reviewOperations } from "@/lib/operations/review-operations";
import { expireTags, TAGS } from "@/lib/shop/cache-tags";
import { shopOperationsDeps } from "@/lib/shop/operations";
import { cronSecret } from "@/lib/shop/route-needs";

export const dynamic = "force-dynamic";
/** Seconds Vercel lets this function run; the sweep stops starting orders well before. */
export const maxDuration = 60;

export const GET = route({ cronSecret }, async () => {
  const answer = await getSweep({ orders: orderDeps, budgetMs: 40_000, mail: { mailer: shopMailer(), shopName: SHOP_NAME } });
  // An authorized sweep also refreshes the partner balance and the owner's operations alerts;
  // their trouble is logged, never the orders' sweep failing.
  if (answer.ok) await sweepOperations().catch((error: unknown) => console.error(`[operations] not reviewed: ${String(error)}`));
  return answer;
});

async function sweepOperations(): Promise<void> {
  const review = await reviewOperations(await shopOperationsDeps());
  if (review.balance.pagesChanged) expireTags([TAGS.salesCeiling], "route-handler");
}
