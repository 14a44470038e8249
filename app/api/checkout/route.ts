// POST /api/checkout – start buying: { voucher_id } or { game_id, amount }, with account,
// activation and email → 201 { order_id, status, payment_url, order_url } (README, "Checkout API").
import { after } from "next/server";
import { env } from "@/lib/config/env";
import { publicOrigin } from "@/lib/config/shop-origin";
import { postCheckout } from "@/lib/checkout/http/post-checkout";
import { orderPath, startCheckoutDeps } from "@/lib/checkout/shop-checkout";
import { shopMailer, SHOP_NAME } from "@/lib/mail/shop-mailer";
import { withRateLimit } from "@/lib/rate-limit/with-rate-limit";

export const dynamic = "force-dynamic";

export const POST = withRateLimit({ scope: "checkout", setting: () => env().CHECKOUT_RATE_LIMIT }, (request: Request) =>
  postCheckout(request, { start: startCheckoutDeps, mailer: shopMailer(), publicOrigin: publicOrigin(), shopName: SHOP_NAME, orderPath, later: after }),
);
