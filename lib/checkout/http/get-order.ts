// GET /api/orders/{order_id} – the order for the holder of its capability key, answered at once
// with `Retry-After` (seconds) while the order can still change: when the order page should look
// again (next-look.ts). With `If-None-Match: "<version>"` an unchanged order is answered 304.
// The read is never held: a held read re-read KV until the order changed, ~46 billed commands
// per 25 s on Upstash and a function kept running all that time. A `Prefer: wait` from an older
// page is not applied (no Preference-Applied), which RFC 7240 lets a client see and poll on.
import { json, problem } from "@/lib/http/json-answer";
import type { AdvanceDeps } from "../advance";
import { buyerOrderView, type BuyerOrderError } from "../buyer-order";
import { nextLookMs } from "../next-look";
import { orderVersion } from "../order-version";
import { capabilityKeyOf } from "./capability-key";

export interface GetOrderDeps {
  orders(): Promise<AdvanceDeps>;
}

export async function getOrder(request: Request, orderId: string, deps: GetOrderDeps): Promise<Response> {
  const orders = await deps.orders();
  // The key is checked first: a stranger is answered at once and wakes or reads nothing more.
  // The view as buyerOrderView made it: making it opens the sealed code, once per look.
  const current = await buyerOrderView(orderId, capabilityKeyOf(request), orders);
  if (!current.ok) return refused(current);
  const order = current.value.view;
  const version = orderVersion(order);
  const lookAgain = nextLookMs(current.value.record, orders.clock.now());
  const headers: Record<string, string> = { ETag: `"${version}"` };
  if (lookAgain !== null) headers["Retry-After"] = String(Math.ceil(lookAgain / 1000));
  const since = /^"([\w-]+)"$/.exec(request.headers.get("if-none-match") ?? "")?.[1];
  if (since === version) return new Response(null, { status: 304, headers: { ...headers, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  return json(order, 200, headers);
}

function refused({ error }: { error: BuyerOrderError }): Response {
  return error.code === "not_found"
    ? problem("not_found", "No order with this id and key")
    : problem("orders_unavailable", "Orders cannot be read right now; try again shortly");
}
