// GET /api/get_order_info – the order as of now (due transitions applied on the read).
import type { OrderInfoQuery } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import { errorResult, ok, type ApiResult } from "../http/error-result";
import type { EngineContext } from "./engine-context";
import { orderBody } from "./order-body";

export async function orderInfo(ctx: EngineContext, partner: FixturePartner, query: OrderInfoQuery): Promise<ApiResult> {
  const order = await ctx.orders.loadOwned(partner, query.order_id);
  return order ? ok(orderBody(order)) : orderNotFound(query.order_id);
}

export function orderNotFound(orderId: string): ApiResult {
  return errorResult(404, `order ${orderId} not found`);
}
