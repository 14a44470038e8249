// GET /api/cron/reconcile – reconcile yesterday (UTC) three ways (vercel.json runs it daily).
import { route } from "@/lib/http/route";
import { getDailyReconciliation } from "@/lib/reconciliation/cron";
import { shopReconcileDeps } from "@/lib/shop/reconciliation";
import { cronSecret } from "@/lib/shop/route-needs";

export const dynamic = "force-dynamic";
/** Seconds Vercel lets this function run; a day of 10,000 orders takes well under 30 (bench/reconcile.ts). */
export const maxDuration = 60;

export const GET = route({ cronSecret }, () => getDailyReconciliation({ reconcile: shopReconcileDeps }));
