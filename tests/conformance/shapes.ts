// Field orders written down from the spec (sections 2 and 4) and decisions 3, 6–8, and the
// assertions that compare a body's Object.keys against them.
import { expect } from "vitest";
import { asObject, type ApiResult, type JsonObject } from "./harness";

export const TOKEN_KEYS = ["token", "expires_in", "expires_at"];
export const BALANCE_KEYS = ["partner_id", "partner_name", "user_name", "user_id", "balance", "currency"];
export const SERVICE_KEYS = [
  "id",
  "game_name",
  "brand",
  "country",
  "region",
  "platform",
  "delivery_time_target_minutes",
  "delivery_time_max_minutes",
  "description",
  "type",
  "activation",
  "currency",
  "avalible",
  "request",
  "account_check",
  "discount_percent",
  "has_voucher_discounts",
  "max_voucher_discount_percent",
  "min_voucher_discount_percent",
];
export const VOUCHER_KEYS = [
  "avalible",
  "voucher_id",
  "voucher_name",
  "amount",
  "currency",
  "game_coins",
  "origin_price",
  "origin_currency",
  "discount_rate",
  "account_need",
  "account_check",
  "delivery_method",
  "account_format",
  "account_separator",
  "account_fields",
];
export const VOUCHER_BASE_KEYS = VOUCHER_KEYS.slice(0, 12);
export const ACCOUNT_FIELD_KEYS = ["name", "type", "label", "prefix", "label_zh", "position", "multiline", "placeholder"];

/** 2.5 balance top-up order. */
export const BALANCE_ORDER_KEYS = [
  "success",
  "order_id",
  "ext_order_id",
  "game_name",
  "game_id",
  "account",
  "amount",
  "amount_currency",
  "amount_charged",
  "amount_charged_currency",
  "message",
  "order_status",
  "order_status_text",
  "error_text",
];
export const BALANCE_ORDER_REQUIRED = BALANCE_ORDER_KEYS.filter((k) => k !== "ext_order_id" && k !== "error_text");

/** 2.6 voucher order. */
export const VOUCHER_ORDER_KEYS = [
  "success",
  "order_status",
  "order_status_text",
  "order_id",
  "ext_order_id",
  "game_name",
  "game_id",
  "voucher_id",
  "voucher_name",
  "game_coins",
  "game_currency",
  "delivery_method",
  "account",
  "amount",
  "amount_currency",
  "amount_charged",
  "amount_charged_currency",
  "need_activation",
  "voucher_code",
  "voucher_code_2",
  "expiration_date_voucher",
  "activation_voucher",
  "message",
  "discount_rate",
  "error_text",
];
export const VOUCHER_ORDER_REQUIRED = [
  "success",
  "order_status",
  "order_status_text",
  "order_id",
  "game_name",
  "game_id",
  "voucher_id",
  "voucher_name",
  "game_coins",
  "delivery_method",
  "amount",
  "amount_currency",
  "amount_charged",
  "amount_charged_currency",
  "need_activation",
  "message",
  "discount_rate",
];

/** 4.6 order_update response, with error_text last (decision 8). */
export const ORDER_UPDATE_KEYS = [
  "success",
  "order_status",
  "order_status_text",
  "order_id",
  "game_name",
  "game_id",
  "voucher_id",
  "voucher_name",
  "game_coins",
  "game_currency",
  "account",
  "amount",
  "amount_currency",
  "amount_charged",
  "amount_charged_currency",
  "voucher_code",
  "voucher_code_2",
  "need_activation",
  "expiration_date_voucher",
  "activation_voucher",
  "message",
  "discount_rate",
  "error_text",
];
export const ORDER_UPDATE_REQUIRED = [
  "success",
  "order_status",
  "order_status_text",
  "order_id",
  "game_name",
  "game_id",
  "voucher_id",
  "voucher_name",
  "game_coins",
  "game_currency",
  "amount",
  "amount_currency",
  "amount_charged",
  "amount_charged_currency",
  "need_activation",
  "activation_voucher",
  "message",
  "discount_rate",
];

export const REVISE_KEYS = [
  "success",
  "payments_count",
  "revise_payments_count",
  "revise_payments_true",
  "revise_payments_false",
  "revise_payments_not_found",
  "revise_payments_mismatches",
];
export const MISMATCH_KEYS = [
  "order_id",
  "mismatch_reason",
  "partner_status",
  "service_status",
  "partner_amount",
  "service_amount",
  "partner_transaction_time",
  "service_transaction_time",
];
export const MISMATCH_NOT_FOUND_KEYS = ["order_id", "mismatch_reason", "partner_status", "partner_amount", "partner_transaction_time"];

/** 2.8 account check result. */
export const ACCOUNT_CHECK_KEYS = [
  "success",
  "message",
  "game_name",
  "game_id",
  "account",
  "error_code",
  "player_name",
  "region",
  "recommended_game_id",
  "error",
  "error_text",
];

export const ERROR_KEYS = ["success", "error", "error_text"];
export const ACCOUNT_VALIDATION_KEYS = ["error", "error_text", "delivery_method"];

export const STATUS_TEXT: Record<number, string> = {
  1: "pending",
  2: "success",
  3: "error",
  4: "Voucher activation in progress",
  5: "Balance replenishment is in progress",
  6: "Waiting for payment confirmation",
};

export function keysOf(value: unknown): string[] {
  return Object.keys(asObject(value));
}

/** The body's keys are exactly `expected`, in that order. */
export function expectExactKeys(value: unknown, expected: readonly string[], what = "body"): void {
  expect(keysOf(value), `${what} field order`).toEqual(expected);
}

/**
 * The body's keys are drawn from `canonical`, appear in canonical order, and include every
 * key of `required`. `forbidden` keys must be absent.
 */
export function expectKeysInOrder(
  value: unknown,
  canonical: readonly string[],
  required: readonly string[],
  forbidden: readonly string[] = [],
  what = "body",
): void {
  const keys = keysOf(value);
  const unknown = keys.filter((k) => !canonical.includes(k));
  expect(unknown, `${what} has fields outside the spec's list`).toEqual([]);
  const sorted = [...keys].sort((a, b) => canonical.indexOf(a) - canonical.indexOf(b));
  expect(keys, `${what} field order`).toEqual(sorted);
  const missing = required.filter((k) => !keys.includes(k));
  expect(missing, `${what} misses required fields`).toEqual([]);
  const present = forbidden.filter((k) => keys.includes(k));
  expect(present, `${what} carries fields that must be absent`).toEqual([]);
}

/** HTTP status each error code travels with (decision 7). */
export function httpStatusFor(code: number): number {
  if (code === 101) return 409;
  if (code === 102) return 404;
  if (code === 103) return 503;
  return code;
}

/**
 * Decision 6/7 error body `{success:false, error, error_text}` with the matching HTTP status.
 * `mentions` are words the error text must contain (case-insensitive), e.g. the offending field.
 */
export function expectError(res: ApiResult, code: number, mentions: readonly string[] = []): JsonObject {
  expect(res.status, `HTTP status for error ${code}; body ${res.text}`).toBe(httpStatusFor(code));
  expect(res.headers.get("content-type") ?? "", "error content type").toMatch(/application\/json/);
  const body = res.body;
  expectExactKeys(body, ERROR_KEYS, `error body ${res.text}`);
  expect(body.success).toBe(false);
  expect(body.error).toBe(code);
  expect(typeof body.error_text).toBe("string");
  expect(String(body.error_text).trim().length).toBeGreaterThan(0);
  for (const word of mentions) expect(String(body.error_text).toLowerCase(), `error_text names ${word}`).toContain(word.toLowerCase());
  return body;
}

/** Spec 4.5 account-validation 400 body. */
export function expectAccountValidationError(res: ApiResult, deliveryMethod: "direct_topup" | "voucher_code"): JsonObject {
  expect(res.status, res.text).toBe(400);
  const body = res.body;
  expectExactKeys(body, ACCOUNT_VALIDATION_KEYS, `account-validation body ${res.text}`);
  expect(body.error).toBe(400);
  expect(typeof body.error_text).toBe("string");
  expect(String(body.error_text).toLowerCase()).toContain("account");
  expect(body.delivery_method).toBe(deliveryMethod);
  return body;
}

/** Status code and text agree (section 3, decision 14). */
export function expectStatus(body: JsonObject, status: number): void {
  expect(body.order_status, `order_status in ${JSON.stringify(body)}`).toBe(status);
  expect(body.order_status_text).toBe(STATUS_TEXT[status]);
  if (status === 3) {
    expect(body.success).toBe(false);
    expect(typeof body.error_text).toBe("string");
  } else {
    expect(body.success).toBe(true);
    expect(body).not.toHaveProperty("error_text");
  }
}

export function expectVoucherOrder(body: JsonObject, forbidden: readonly string[] = []): void {
  expectKeysInOrder(body, VOUCHER_ORDER_KEYS, VOUCHER_ORDER_REQUIRED, forbidden, "voucher order");
  expect(body.order_id).toMatch(/^\d+$/);
}

export function expectBalanceOrder(body: JsonObject, forbidden: readonly string[] = []): void {
  expectKeysInOrder(body, BALANCE_ORDER_KEYS, BALANCE_ORDER_REQUIRED, forbidden, "balance order");
  expect(body.order_id).toMatch(/^\d+$/);
}
