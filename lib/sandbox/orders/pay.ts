// POST /api/pay – duplicate protection first (docs/partner-api-decisions.md item 11), then the form's checks, then
// the order is placed.
import { isVoucherPayRequest, type PayRequest } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import type { ApiResult } from "../http/error-result";
import type { EngineContext } from "./engine-context";
import { checkBalancePay } from "./pay-balance";
import { checkVoucherPay } from "./pay-voucher";
import { answerExisting, placeOrder } from "./place-order";

export async function pay(ctx: EngineContext, partner: FixturePartner, request: PayRequest): Promise<ApiResult> {
  if (request.ext_order_id !== undefined) {
    const existing = await existingByExt(ctx, partner, request.ext_order_id);
    if (existing) return existing;
  }
  const checked = isVoucherPayRequest(request)
    ? checkVoucherPay(ctx, partner, request)
    : checkBalancePay(ctx, partner, request);
  if ("error" in checked) return checked.error;
  return placeOrder(ctx, partner, checked.draft);
}

/** The partner's order with this ext_order_id, as a first /api/pay would have answered it. */
export async function existingByExt(ctx: EngineContext, partner: FixturePartner, extOrderId: string): Promise<ApiResult | null> {
  const orderId = await ctx.store.findOrderIdByExt(partner.partner_id, extOrderId);
  return orderId === null ? null : answerExisting(ctx, orderId);
}
