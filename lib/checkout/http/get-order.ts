// GET /api/orders/{order_id} – the order for the holder of its capability key, and the order
// page's long poll: with `If-None-Match: "<version>"` and `Prefer: wait=<s>` (RFC 7240) the
// answer is held until what the buyer sees changes (200 with the new ETag) or the wait ends
// (304), at most MAX_WAIT_S, inside a serverless function's time limit. A server or proxy that
// does not hold says so by leaving out Preference-Applied; the page then polls as before.
import { json, problem } from "@/lib/http/json-answer";
import type { AdvanceDeps } from "../advance";
import { buyerOrder, type BuyerOrderError } from "../buyer-order";
import type { PublicOrder } from "../public-order";
import { orderVersion, watchOrder, type WatchOptions } from "../watch-order";
import { capabilityKeyOf } from "./capability-key";

/** Under the 30 s the route allows itself (maxDuration), with room for the answer. */
export const MAX_WAIT_S = 25;

export interface GetOrderDeps {
  orders(): Promise<AdvanceDeps>;
  /** For tests: looks at KV without real waits. */
  watch?: Pick<WatchOptions, "pacing" | "sleep">;
}

export async function getOrder(request: Request, orderId: string, deps: GetOrderDeps): Promise<Response> {
  const orders = await deps.orders();
  // The key is checked first: a stranger is answered at once and wakes, holds or reads nothing more.
  const current = await buyerOrder(orderId, capabilityKeyOf(request), orders);
  if (!current.ok) return refused(current);
  const since = /^"([\w-]+)"$/.exec(request.headers.get("if-none-match") ?? "")?.[1];
  const waitS = Math.min(MAX_WAIT_S, Number(/\bwait=(\d+)\b/.exec(request.headers.get("prefer") ?? "")?.[1] ?? 0));
  const held: Record<string, string> = waitS > 0 ? { "Preference-Applied": `wait=${waitS}` } : {};
  const version = orderVersion(current.value);
  if (since !== version || current.value.final) return answer(current.value, version, held);
  if (waitS === 0) return notModified(version, held);

  const changed = await watchOrder(orderId, orders, { ...deps.watch, since, until: orders.clock.now() + waitS * 1000, signal: request.signal });
  if (!changed.ok) return refused(changed);
  return changed.value ? answer(changed.value, orderVersion(changed.value), held) : notModified(version, held);
}

function answer(order: PublicOrder, version: string, headers: Record<string, string>): Response {
  return json(order, 200, { ...headers, ETag: `"${version}"` });
}

function notModified(version: string, headers: Record<string, string>): Response {
  return new Response(null, { status: 304, headers: { ...headers, ETag: `"${version}"`, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

function refused({ error }: { error: BuyerOrderError }): Response {
  return error.code === "not_found"
    ? problem("not_found", "No order with this id and key")
    : problem("orders_unavailable", "Orders cannot be read right now; try again shortly");
}
