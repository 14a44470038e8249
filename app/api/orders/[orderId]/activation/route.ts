// POST /api/orders/{order_id}/activation?key=… – try a failed automatic activation again.
import { env } from "@/lib/config/env";
import { publicOrigin } from "@/lib/config/shop-origin";
import { capabilityKeyOf } from "@/lib/checkout/http/capability-key";
import { retryActivation } from "@/lib/checkout/retry-activation";
import { orderDeps } from "@/lib/shop/checkout";
import { json, problem } from "@/lib/http/json-answer";
import { withRateLimit } from "@/lib/rate-limit/with-rate-limit";
import { checkSameOrigin } from "@/lib/security/same-origin";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ orderId: string }> };

async function retry(request: Request, { params }: Context): Promise<Response> {
  const origin = checkSameOrigin(request.headers, [publicOrigin()]);
  if (!origin.ok) return problem("forbidden", origin.message);
  const { orderId } = await params;
  const key = capabilityKeyOf(request);
  const retried = await retryActivation(orderId, key, await orderDeps());
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
}

export const POST = withRateLimit({ scope: "activation", setting: () => env().CHECKOUT_RATE_LIMIT }, retry);
