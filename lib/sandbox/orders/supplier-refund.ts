// A sandbox control, not part of the Partner API: the supplier takes a delivered order back
// now (2 → 3, "refunded by supplier", the amount credited back), as a fixture's `refund_after`
// outcome does on its own schedule. With `notify: false` the partner is not told, which is how
// a shop meets a refund whose notification never arrived (a partner without notifications, a
// lost delivery): only get_order_info or /api/revise can show it. Demos and browser tests use it
// to plant a mismatch for reconciliation to find.
import { z } from "zod";
import type { FixturePartner } from "../fixture/schema";
import { errorResult, ok, type ApiResult } from "../http/error-result";
import type { EngineContext } from "./engine-context";
import { orderBody } from "./order-body";
import { orderNotFound } from "./order-info";
import { ERROR_TEXT, fail } from "./transitions";

export const supplierRefundRequestSchema = z
  .strictObject({
    order_id: z.string().min(1).optional(),
    ext_order_id: z.string().min(1).optional(),
    /** Tell the partner's notify_url as any status change does (default), or not. */
    notify: z.boolean().default(true),
  })
  .refine((request) => (request.order_id === undefined) !== (request.ext_order_id === undefined), {
    error: "give exactly one of order_id or ext_order_id",
  });
export type SupplierRefundRequest = z.infer<typeof supplierRefundRequestSchema>;

const MAX_ROUNDS = 8;

export async function supplierRefund(ctx: EngineContext, partner: FixturePartner, request: SupplierRefundRequest): Promise<ApiResult> {
  const orderId = request.order_id ?? (await ctx.store.findOrderIdByExt(partner.partner_id, request.ext_order_id ?? ""));
  if (orderId === null) return orderNotFound(request.ext_order_id ?? "");
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const order = await ctx.orders.loadOwned(partner, orderId);
    if (!order) return orderNotFound(orderId);
    if (order.status !== 2) return errorResult(400, `only a delivered order (status 2) can be refunded by its supplier; order ${order.id} has status ${order.status}`);
    const refunded = fail(order, ERROR_TEXT.refunded, ctx.clock.now());
    const result = await ctx.orders.commit({ ...refunded, expectedVersion: order.version, changes: request.notify ? [refunded.order] : [] });
    if (result.ok) return ok(orderBody(result.order));
    if (result.reason !== "version_conflict") throw new Error(`order ${order.id}: unexpected ${result.reason}`);
  }
  throw new Error(`order ${orderId}: too many concurrent updates`);
}
