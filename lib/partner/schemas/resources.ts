// Spec section 2: the resources. Field order is the spec's, because responses must keep it
// (docs/partner-api-decisions.md item 3) and the sandbox serialises in schema order. Response objects are
// loose: a later spec version may add fields, and the client keeps them. Every number field
// is a wire number (wire.ts), so a number the service sends as a string is still read.
import { z } from "zod";
import { wireFlag, wireId, wireInt, wireNumber } from "./wire";

/** 2.1 Token (login response). */
export const tokenSchema = z.looseObject({
  token: z.string(),
  expires_in: wireInt,
  expires_at: z.string(),
});
export type Token = z.infer<typeof tokenSchema>;

/** 2.2 Partner balance. */
export const balanceSchema = z.looseObject({
  partner_id: wireInt,
  partner_name: z.string(),
  user_name: z.string(),
  user_id: wireInt,
  balance: wireNumber,
  currency: z.string(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const serviceTypeSchema = z.enum(["balance", "voucher"]);
export type ServiceType = z.infer<typeof serviceTypeSchema>;
export const regionSchema = z.enum(["GLOBAL", "EU", "MENA", "LATAM", "ROW"]);
export const deliveryMethodSchema = z.enum(["voucher_code", "direct_topup"]);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

/** 2.3 Service, an item of `available_games`. */
export const serviceSchema = z.looseObject({
  id: wireInt,
  game_name: z.string(),
  brand: z.string().nullable(),
  country: z.string().nullable(),
  // The client is liberal: the real service may add regions before the spec names them.
  region: z.string().nullable(),
  platform: z.string().nullable(),
  delivery_time_target_minutes: wireInt,
  delivery_time_max_minutes: wireInt,
  description: z.string().nullable(),
  type: serviceTypeSchema,
  activation: z.string(),
  currency: z.string(),
  avalible: z.boolean(),
  request: z.boolean(),
  account_check: z.boolean(),
  discount_percent: wireNumber.nullable(),
  has_voucher_discounts: z.boolean(),
  max_voucher_discount_percent: wireNumber.nullable(),
  min_voucher_discount_percent: wireNumber.nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

/** Account field descriptor of 2.4. */
export const accountFieldSchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  label: z.string(),
  prefix: z.string(),
  label_zh: z.string(),
  position: wireId,
  multiline: z.boolean(),
  placeholder: z.string(),
});
export type AccountField = z.infer<typeof accountFieldSchema>;

/** 2.4 Voucher denomination, an item of `available`. */
export const voucherSchema = z.looseObject({
  avalible: z.boolean(),
  voucher_id: wireInt,
  voucher_name: z.string(),
  amount: wireNumber,
  currency: z.string(),
  game_coins: wireNumber,
  origin_price: wireNumber,
  origin_currency: z.string(),
  discount_rate: wireNumber,
  account_need: z.boolean(),
  account_check: z.boolean(),
  delivery_method: deliveryMethodSchema,
  account_format: z.string().optional(),
  account_separator: z.string().optional(),
  account_fields: z.array(accountFieldSchema).optional(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** Section 3: order status codes. */
export const ORDER_STATUS = {
  pending: 1,
  success: 2,
  error: 3,
  activating: 4,
  topupInProgress: 5,
  awaitingConfirmation: 6,
} as const;
export const orderStatusSchema = z.union([1, 2, 3, 4, 5, 6].map((n) => z.literal(n)) as [
  z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>, z.ZodLiteral<5>, z.ZodLiteral<6>,
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Status texts; 4 is docs/partner-api-decisions.md item 14. */
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  1: "pending",
  2: "success",
  3: "error",
  4: "Voucher activation in progress",
  5: "Balance replenishment is in progress",
  6: "Waiting for payment confirmation",
};

/** 2.5 Order of a `balance` service. */
export const balanceOrderSchema = z.looseObject({
  success: z.boolean(),
  order_id: z.string(),
  ext_order_id: z.string().optional(),
  game_name: z.string(),
  game_id: wireInt,
  account: z.string(),
  amount: wireNumber,
  amount_currency: z.string(),
  amount_charged: wireNumber,
  amount_charged_currency: z.string(),
  message: z.string(),
  order_status: wireInt,
  order_status_text: z.string(),
  error_text: z.string().optional(),
});

/** 2.6 Order of a `voucher` service. */
export const voucherOrderSchema = z.looseObject({
  success: z.boolean(),
  order_status: wireInt,
  order_status_text: z.string(),
  order_id: z.string(),
  ext_order_id: z.string().optional(),
  game_name: z.string(),
  game_id: wireInt,
  voucher_id: wireInt,
  voucher_name: z.string(),
  game_coins: wireNumber,
  game_currency: z.string().optional(),
  delivery_method: deliveryMethodSchema,
  account: z.string().optional(),
  amount: wireNumber,
  amount_currency: z.string(),
  amount_charged: wireNumber,
  amount_charged_currency: z.string(),
  need_activation: wireFlag,
  voucher_code: z.string().optional(),
  voucher_code_2: z.string().optional(),
  expiration_date_voucher: z.string().optional(),
  activation_voucher: z.union([z.literal("wait"), z.boolean()]).optional(),
  message: z.string(),
  discount_rate: wireNumber,
  error_text: z.string().optional(),
});
export type VoucherOrder = z.infer<typeof voucherOrderSchema>;

/** An order as /api/pay, /api/get_order_info and notifications return it. */
export const orderSchema = z.union([voucherOrderSchema, balanceOrderSchema]);
export type Order = z.infer<typeof orderSchema>;

export function isVoucherOrder(order: Order): order is VoucherOrder {
  return "voucher_id" in order;
}

/** 2.7 Submitted payment entry of /api/revise (response side: what we send is in requests.ts). */
export const mismatchReasonSchema = z.enum(["status_mismatch", "amount_mismatch", "not_found"]);
export const mismatchSchema = z.looseObject({
  order_id: z.string(),
  mismatch_reason: mismatchReasonSchema,
  partner_status: wireInt,
  service_status: wireInt.optional(),
  partner_amount: wireNumber,
  service_amount: wireNumber.optional(),
  partner_transaction_time: z.string(),
  service_transaction_time: z.string().optional(),
});

/** 2.8 Account check result. */
export const accountCheckResultSchema = z.looseObject({
  success: z.boolean(),
  message: z.string().optional(),
  game_name: z.string().optional(),
  game_id: wireInt.optional(),
  account: z.string().optional(),
  error_code: z.string().optional(),
  player_name: z.string().optional(),
  region: z.string().optional(),
  recommended_game_id: wireInt.optional(),
  error: wireInt.optional(),
  error_text: z.string().optional(),
});
export type AccountCheckResult = z.infer<typeof accountCheckResultSchema>;
