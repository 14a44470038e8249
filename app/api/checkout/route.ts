// POST /api/checkout – start buying: { voucher_id } or { game_id, amount }, with account,
// activation and email → 201 { order_id, status, payment_url, order_url } (README, "Checkout API").
import { after } from "next/server";
import { shopCheckoutHandler } from "@/lib/shop/checkout";

export const dynamic = "force-dynamic";
/** UPSTREAM_ROUTE_MAX_DURATION_S (lib/shop/time-limits.ts): the order's run may wait on a Partner call at its worst. */
export const maxDuration = 300;

export const POST = shopCheckoutHandler(after);
