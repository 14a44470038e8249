// Section 4: request bodies and parameters. Strict objects: an unknown field is far more often
// a typo (`voucherid`) than an intent, so the sandbox answers 400 naming it.
import { z } from "zod";
import { extOrderId, wireFlag, wireId, wireNumber, wireString } from "./wire";

/** 4.1 POST /api/auth/login */
export const loginRequestSchema = z.strictObject({
  login: wireString.min(1, { error: "login is required" }),
  api_key: wireString.min(1, { error: "api_key is required" }),
});

/** 4.4 GET /api/voucher_available */
export const voucherAvailableQuerySchema = z.strictObject({ game_id: wireId });

/** 4.5 common optional parameters. */
const payCommon = {
  test: wireFlag.optional(),
  ext_order_id: extOrderId.optional(),
};

/** 4.5 POST /api/pay for a `balance` service. */
export const balancePayRequestSchema = z.strictObject({
  game_id: wireId,
  account: wireString,
  amount: wireNumber,
  ...payCommon,
});
export type BalancePayRequest = z.infer<typeof balancePayRequestSchema>;

/** 4.5 POST /api/pay for a `voucher` service. */
export const voucherPayRequestSchema = z.strictObject({
  voucher_id: wireId,
  account: wireString.optional(),
  activation: wireFlag.optional(),
  request: wireFlag.optional(),
  ...payCommon,
});
export type VoucherPayRequest = z.infer<typeof voucherPayRequestSchema>;

export type PayRequest = BalancePayRequest | VoucherPayRequest;

export function isVoucherPayRequest(request: PayRequest): request is VoucherPayRequest {
  return "voucher_id" in request;
}

/** 4.6 POST /api/order_update */
export const orderUpdateRequestSchema = z.strictObject({
  order_id: wireString.min(1, { error: "order_id is required" }),
  status: z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
    z.union([z.literal(2), z.literal(3)], { error: "status must be 2 or 3" }),
  ),
});
export type OrderUpdateRequest = z.infer<typeof orderUpdateRequestSchema>;

/** 4.7 GET /api/get_order_info */
export const orderInfoQuerySchema = z.strictObject({
  order_id: wireString.regex(/^\d+$/, { error: "order_id must be a string of digits" }),
});
export type OrderInfoQuery = z.infer<typeof orderInfoQuerySchema>;

/** 2.7 submitted payment entry; `amount_charged` is accepted in place of `amount`. */
export const revisePaymentSchema = z
  .strictObject({
    order_id: wireString.min(1, { error: "order_id is required" }),
    amount: wireNumber.optional(),
    amount_charged: wireNumber.optional(),
    status: z.preprocess(
      (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
      z.union([z.literal(2), z.literal(3)], { error: "status must be 2 or 3" }),
    ),
    transaction_time: wireString.min(1, { error: "transaction_time is required" }),
  })
  .refine((p) => p.amount !== undefined || p.amount_charged !== undefined, {
    error: "amount (or amount_charged) is required",
    path: ["amount"],
  });
export type RevisePayment = z.infer<typeof revisePaymentSchema>;

/** 4.8 POST /api/revise */
export const reviseRequestSchema = z.strictObject({
  date_from: wireString,
  date_to: wireString,
  payments: z.array(z.unknown(), { error: "payments must be an array" }),
});
export type ReviseRequest = { date_from: string; date_to: string; payments: z.input<typeof revisePaymentSchema>[] };

/** 4.9 GET /api/account_check (`gameid` is an accepted alias of `game_id`). */
export const accountCheckQuerySchema = z.strictObject({
  game_id: wireId.optional(),
  gameid: wireId.optional(),
  account: wireString.min(1, { error: "account is required" }),
  test: wireFlag.optional(),
});
export type AccountCheckQuery = { game_id: number; account: string; test?: 0 | 1 };
