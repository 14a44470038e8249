// The response schemas as the client reads them. docs/partner-api-decisions.md: the client is liberal in what
// it accepts from the real service, so where the spec's own examples disagree with each other
// (ids as strings in /api/order_update only) or a field is not needed to go on, it bends.
import { z } from "zod";
import { orderUpdateResponseSchema } from "../schemas/responses";
import { balanceOrderSchema, tokenSchema, voucherOrderSchema } from "../schemas/resources";

/**
 * 4.1 login answer. Only `token` is required: a missing or odd expiry falls back to
 * expires_in, then to the documented hour (token-expiry.ts).
 */
export const loginAnswerSchema = tokenSchema.extend({
  expires_in: tokenSchema.shape.expires_in.optional().catch(undefined),
  expires_at: tokenSchema.shape.expires_at.optional().catch(undefined),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The schema of an order body of either type, told apart by `voucher_id` so that a mismatch names the right field. */
export function orderSchemaFor(body: unknown): typeof voucherOrderSchema | typeof balanceOrderSchema {
  return typeof body === "object" && body !== null && "voucher_id" in body ? voucherOrderSchema : balanceOrderSchema;
}

function idAsString(value: unknown): unknown {
  return typeof value === "number" && Number.isInteger(value) ? String(value) : value;
}

/** 4.6: game_id and voucher_id are strings in this answer; numbers are accepted too. */
export const orderUpdateAnswerSchema = z.preprocess((body) => {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  return { ...record, game_id: idAsString(record.game_id), voucher_id: idAsString(record.voucher_id) };
}, orderUpdateResponseSchema);
