// POST /api/order-links – "Email me my orders": { email, locale } → 202 { status: "accepted" },
// the same for every address; the links go by mail to that address only (lib/checkout/order-links.ts).
import { after } from "next/server";
import { orderLinksHandler } from "@/lib/shop/order-links";

export const dynamic = "force-dynamic";

export const POST = orderLinksHandler(after);
