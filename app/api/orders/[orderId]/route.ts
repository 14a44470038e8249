// GET /api/orders/{order_id} – the order's public state for the holder of its capability key,
// given as ?key= (the order link) or Authorization: Bearer <key>; unknown order or wrong key:
// 404. Answered at once, with Retry-After saying when to look again (lib/checkout/http/get-order.ts).
import { getOrder } from "@/lib/checkout/http/get-order";
import { route } from "@/lib/http/route";
import { orderDeps } from "@/lib/shop/checkout";

export const dynamic = "force-dynamic";
/** A look may advance an order whose deadline has come, which may call upstream. */
export const maxDuration = 30;

export const GET = route({}, async (request: Request, { params }: { params: Promise<{ orderId: string }> }) =>
  getOrder(request, (await params).orderId, { orders: orderDeps }),
);
