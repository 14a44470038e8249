// POST /api/pay – buy a voucher or top up a balance (spec 4.5); the order engine does the rest.
import { balancePayRequestSchema, extOrderId, voucherPayRequestSchema } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import type { OrderEngine } from "../orders/order-engine";
import { errorResult, type ApiResult } from "./error-result";
import type { JsonObject } from "./json-body";
import { parseWith } from "./parse-with";

export function createPay(engine: OrderEngine): (partner: FixturePartner, body: JsonObject) => Promise<ApiResult> {
  return async (partner, body) => {
    // docs/partner-api-decisions.md item 11: a repeated ext_order_id answers the existing order even when the
    // rest of the request is invalid, so it is looked up before anything else is checked.
    // Most orders carry no ext_order_id, and a failed zod parse builds an error to throw away.
    const ext = body.ext_order_id === undefined ? null : extOrderId.safeParse(body.ext_order_id);
    if (ext?.success) {
      const existing = await engine.existingByExt(partner, ext.data);
      if (existing) return existing;
    }

    // The form is told by its id field: a voucher purchase names voucher_id, a top-up game_id.
    if (Object.hasOwn(body, "voucher_id")) {
      const parsed = parseWith(voucherPayRequestSchema, body);
      return parsed.ok ? engine.pay(partner, parsed.value) : parsed.error;
    }
    if (Object.hasOwn(body, "game_id")) {
      const parsed = parseWith(balancePayRequestSchema, body);
      return parsed.ok ? engine.pay(partner, parsed.value) : parsed.error;
    }
    return errorResult(400, "game_id or voucher_id is required");
  };
}
