// Section 4: response bodies that are not a single resource of section 2. Number fields are
// wire numbers, as in resources.ts.
import { z } from "zod";
import { deliveryMethodSchema, mismatchSchema, serviceSchema, voucherSchema } from "./resources";
import { wireCode, wireFlag, wireInt, wireNumber } from "./wire";

/** 4.3 GET /api/gameslist */
export const gamesListResponseSchema = z.looseObject({ available_games: z.array(serviceSchema) });
export type GamesListResponse = z.infer<typeof gamesListResponseSchema>;

/** 4.4 GET /api/voucher_available */
export const voucherAvailableResponseSchema = z.looseObject({
  game_id: wireInt,
  available: z.array(voucherSchema),
});
export type VoucherAvailableResponse = z.infer<typeof voucherAvailableResponseSchema>;

/** 4.6 POST /api/order_update. game_id and voucher_id are strings here only (a spec quirk). */
export const orderUpdateResponseSchema = z.looseObject({
  success: z.boolean(),
  order_status: wireInt,
  order_status_text: z.string(),
  order_id: z.string(),
  game_name: z.string(),
  game_id: z.string(),
  voucher_id: z.string(),
  voucher_name: z.string(),
  game_coins: wireNumber,
  game_currency: z.string().optional(),
  account: z.string().optional(),
  amount: wireNumber,
  amount_currency: z.string(),
  amount_charged: wireNumber,
  amount_charged_currency: z.string(),
  voucher_code: z.string().optional(),
  voucher_code_2: z.string().optional(),
  need_activation: wireFlag,
  expiration_date_voucher: z.string().optional(),
  activation_voucher: z.boolean().optional(),
  message: z.string(),
  discount_rate: wireNumber,
  error_text: z.string().optional(),
});
export type OrderUpdateResponse = z.infer<typeof orderUpdateResponseSchema>;

/** 4.8 POST /api/revise */
export const reviseResponseSchema = z.looseObject({
  success: z.boolean(),
  payments_count: wireInt,
  revise_payments_count: wireInt,
  revise_payments_true: wireInt,
  revise_payments_false: wireInt,
  revise_payments_not_found: wireInt,
  revise_payments_mismatches: z.array(mismatchSchema),
});
export type ReviseResponse = z.infer<typeof reviseResponseSchema>;

/** docs/partner-api-decisions.md item 6: the error body every error not shaped otherwise carries. */
export const errorBodySchema = z.looseObject({
  success: z.literal(false).optional(),
  error: wireInt,
  error_text: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** 4.5: the account-validation 400 body of /api/pay. */
export const accountErrorBodySchema = z.looseObject({
  error: wireCode(400),
  error_text: z.string(),
  delivery_method: deliveryMethodSchema,
});
export type AccountErrorBody = z.infer<typeof accountErrorBodySchema>;
