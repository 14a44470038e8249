// GET /api/cron/sweep – advance every order whose deadline has come (vercel.json runs it).
import { env } from "@/lib/config/env";
import { getSweep } from "@/lib/checkout/http/get-sweep";
import { orderDeps } from "@/lib/checkout/shop-checkout";
import { shopMailer, SHOP_NAME } from "@/lib/mail/shop-mailer";

export const dynamic = "force-dynamic";
/** Seconds Vercel lets this function run; the sweep stops starting orders well before. */
export const maxDuration = 60;

export function GET(request: Request): Promise<Response> {
  return getSweep(request, { cronSecret: env().CRON_SECRET, orders: orderDeps, budgetMs: 40_000, mail: { mailer: shopMailer(), shopName: SHOP_NAME } });
}
