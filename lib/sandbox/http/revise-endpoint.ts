// POST /api/revise – reconcile the partner's register against our orders (spec 4.8). The shell
// checks the shape of every item; the engine validates the dates and does the matching.
import { z } from "zod";
import { reviseRequestSchema, revisePaymentSchema } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import type { OrderEngine } from "../orders/order-engine";
import { errorResult, type ApiResult } from "./error-result";
import type { JsonObject } from "./json-body";
import { parseWith } from "./parse-with";

/** docs/partner-api-decisions.md item 20. */
export const MAX_REVISE_PAYMENTS = 10_000;

// Parsed under their field name so that an error names the item: `payments[3].status must be 2 or 3`.
const paymentsSchema = z.object({ payments: z.array(revisePaymentSchema) });

export function createRevise(engine: OrderEngine): (partner: FixturePartner, body: JsonObject) => Promise<ApiResult> {
  return async (partner, body) => {
    const request = parseWith(reviseRequestSchema, body);
    if (!request.ok) return request.error;
    const { date_from, date_to, payments } = request.value;
    if (payments.length > MAX_REVISE_PAYMENTS) {
      return errorResult(400, `payments must hold at most ${MAX_REVISE_PAYMENTS} items`);
    }
    const items = parseWith(paymentsSchema, { payments });
    if (!items.ok) return items.error;
    return engine.revise(partner, { date_from, date_to, payments: items.value.payments });
  };
}
