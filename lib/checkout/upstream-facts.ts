// What an upstream answer (pay, order_update, get_order_info, a notification) tells an order,
// as a patch of its record. Codes are sealed here, the moment they arrive, so no later step
// ever holds them in the clear.
import { z } from "zod";
import { moneyFromDecimal } from "@/lib/money";
import type { PartnerError } from "@/lib/partner/client";
import { ORDER_STATUS, type Order } from "@/lib/partner/schemas";
import type { OrderUpdateResponse } from "@/lib/partner/schemas/responses";
import type { CodeVault } from "./code-vault";
import type { OrderRecord } from "./order-record";

export type UpstreamAnswer = Order | OrderUpdateResponse;

/** The delivery fields only voucher answers carry; a balance order has none of them. */
const deliveryFields = z.object({
  voucher_code: z.string().optional(),
  voucher_code_2: z.string().optional(),
  expiration_date_voucher: z.string().optional(),
  activation_voucher: z.union([z.literal("wait"), z.boolean()]).optional(),
});

export function upstreamPatch(order: OrderRecord, answer: UpstreamAnswer, vault: CodeVault): Pick<OrderRecord, "upstream" | "delivery"> {
  const charged = moneyFromDecimal(answer.amount_charged, answer.amount_charged_currency);
  const parsed = deliveryFields.safeParse(answer);
  const { voucher_code: code, voucher_code_2: code2, expiration_date_voucher: expiresAt, activation_voucher: activation } = parsed.success
    ? parsed.data
    : {};
  return {
    upstream: {
      ...order.upstream,
      orderId: answer.order_id,
      status: answer.order_status,
      amountCharged: charged.ok ? charged.value : order.upstream.amountCharged,
      errorText: answer.error_text ?? null,
    },
    delivery: {
      code: code ? vault.seal(code, order.id) : order.delivery.code,
      code2: code2 ? vault.seal(code2, order.id) : order.delivery.code2,
      expiresAt: expiresAt ?? order.delivery.expiresAt,
      activation: activation ?? order.delivery.activation,
    },
  };
}

/** Status 2, or 4 (issued, activation running: funds debited, the code is the buyer's). */
export function isDelivered(status: number): boolean {
  return status === ORDER_STATUS.success || status === ORDER_STATUS.activating;
}

/** Accepted and still working: pending (1) or balance replenishment (5). */
export function isInProgress(status: number): boolean {
  return status === ORDER_STATUS.pending || status === ORDER_STATUS.topupInProgress;
}

/** Service codes that refuse an order for good: nothing was made upstream by that call. */
const REFUSAL_CODES = new Set<unknown>([400, 403, 404, 102, 103]);

/** A refusal that certainly did nothing upstream (an answer, not a lost or unreadable one). */
export function isCleanRefusal(error: PartnerError): boolean {
  return !error.mayHaveTakenEffect && REFUSAL_CODES.has(error.code);
}
