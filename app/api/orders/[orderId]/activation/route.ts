// POST /api/orders/{order_id}/activation?key=… – try a failed automatic activation again.
import { capabilityKeyOf } from "@/lib/checkout/http/capability-key";
import { retryActivation } from "@/lib/checkout/retry-activation";
import { json, problem } from "@/lib/http/json-answer";
import { route } from "@/lib/http/route";
import { orderDeps } from "@/lib/shop/checkout";
import { rateLimit, sameOrigin } from "@/lib/shop/route-needs";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ orderId: string }> };

export const POST = route({ sameOrigin, rateLimit: rateLimit("activation") }, async (request: Request, { params }: Context) => {
  const { orderId } = await params;
  const retried = await retryActivation(orderId, capabilityKeyOf(request), await orderDeps());
  if (retried.ok) return json(retried.value);
  switch (retried.error.code) {
    case "not_found":
      return problem("not_found", "No order with this id and key");
    case "not_applicable":
      return problem("not_applicable", retried.error.message);
    case "upstream":
      return problem("try_later", retried.error.message);
    case "unavailable":
      return problem("orders_unavailable", "Orders cannot be read right now; try again shortly");
  }
});
