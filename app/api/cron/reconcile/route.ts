// GET /api/cron/reconcile – reconcile yesterday (UTC) three ways (vercel.json runs it daily).
import { env } from "@/lib/config/env";
import { getDailyReconciliation } from "@/lib/reconciliation/cron";
import { shopReconcileDeps } from "@/lib/shop/reconciliation";

export const dynamic = "force-dynamic";
/** Seconds Vercel lets this function run; a day of 10,000 orders takes well under 30 (bench/reconcile.ts). */
export const maxDuration = 60;

export function GET(request: Request): Promise<Response> {
  return getDailyReconciliation(request, { cronSecret: env().CRON_SECRET, reconcile: shopReconcileDeps });
}
