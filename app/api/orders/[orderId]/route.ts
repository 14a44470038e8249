// GET /api/orders/{order_id} – the order's public state for the holder of its capability key,
// given as ?key= (the order link) or Authorization: Bearer <key>. Unknown order or wrong key: 404.
import { buyerOrder } from "@/lib/checkout/buyer-order";
import { capabilityKeyOf } from "@/lib/checkout/http/capability-key";
import { orderDeps } from "@/lib/checkout/shop-checkout";
import { json, problem } from "@/lib/http/json-answer";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ orderId: string }> }): Promise<Response> {
  const { orderId } = await params;
  const key = capabilityKeyOf(request);
  const order = await buyerOrder(orderId, key, await orderDeps());
  if (order.ok) return json(order.value);
  return order.error.code === "not_found"
    ? problem("not_found", "No order with this id and key")
    : problem("orders_unavailable", "Orders cannot be read right now; try again shortly");
}
