// The order as the wire shows it, built field by field because JSON key order is part of the
// contract (docs/partner-api-decisions.md item 3): 2.5 for balance services, 2.6 for vouchers, and the
// /api/order_update variant of 4.6 with its string ids and error_text last.
import { fromMinor } from "@/lib/money/minor-units";
import { ORDER_STATUS_TEXT, type OrderStatus } from "@/lib/partner/schemas";
import type { OrderRecord } from "../store/records";

type Body = Record<string, unknown>;

const MESSAGES: Record<OrderStatus, string> = {
  1: "Order accepted and being processed",
  2: "Order completed successfully",
  3: "Order was not completed",
  4: "Voucher issued, activation in progress",
  5: "Balance replenishment is in progress",
  6: "Voucher reserved, waiting for payment confirmation",
};

/** The body of /api/pay, /api/get_order_info and notifications for this order. */
export function orderBody(order: OrderRecord): Body {
  return order.kind === "balance" ? balanceOrderBody(order) : voucherOrderBody(order);
}

/** 2.5 */
export function balanceOrderBody(order: OrderRecord): Body {
  const body: Body = { success: order.status !== 3, order_id: order.id };
  if (order.extOrderId !== null) body.ext_order_id = order.extOrderId;
  body.game_name = order.gameName;
  body.game_id = order.gameId;
  body.account = order.account ?? "";
  Object.assign(body, amounts(order));
  body.message = MESSAGES[order.status];
  body.order_status = order.status;
  body.order_status_text = ORDER_STATUS_TEXT[order.status];
  addErrorText(body, order);
  return body;
}

/** 2.6 */
export function voucherOrderBody(order: OrderRecord): Body {
  const body: Body = statusHead(order);
  if (order.extOrderId !== null) body.ext_order_id = order.extOrderId;
  Object.assign(body, voucherIdentity(order, order.voucherId, order.gameId));
  body.delivery_method = order.deliveryMethod;
  if (order.account !== null) body.account = order.account;
  Object.assign(body, amounts(order));
  body.need_activation = needActivation(order);
  addCode(body, order);
  const activation = activationVoucher(order);
  if (activation !== null) body.activation_voucher = activation;
  body.message = MESSAGES[order.status];
  body.discount_rate = order.discountRate ?? 0;
  addErrorText(body, order);
  return body;
}

/** 4.6: ids as strings, code before need_activation, activation_voucher always a boolean. */
export function orderUpdateBody(order: OrderRecord): Body {
  const body: Body = statusHead(order);
  Object.assign(body, voucherIdentity(order, String(order.voucherId), String(order.gameId)));
  if (order.account !== null) body.account = order.account;
  Object.assign(body, amounts(order));
  addCode(body, order, "voucher_code_2");
  body.need_activation = needActivation(order);
  if (hasCode(order) && order.codeExpiresAt !== null) body.expiration_date_voucher = isoTime(order.codeExpiresAt);
  body.activation_voucher = order.activationVoucher === true;
  body.message = MESSAGES[order.status];
  body.discount_rate = order.discountRate ?? 0;
  addErrorText(body, order);
  return body;
}

// The last time formatted: an order is read far more often than its times change, and
// building a Date and its ISO text costs more per read than the rest of the body's fields.
let lastIsoMs = Number.NaN;
let lastIso = "";

/** docs/partner-api-decisions.md item 5: ISO 8601 with an explicit offset. */
export function isoTime(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

function statusHead(order: OrderRecord): Body {
  return {
    success: order.status !== 3,
    order_status: order.status,
    order_status_text: ORDER_STATUS_TEXT[order.status],
    order_id: order.id,
  };
}

function voucherIdentity(order: OrderRecord, voucherId: unknown, gameId: unknown): Body {
  return {
    game_name: order.gameName,
    game_id: gameId,
    voucher_id: voucherId,
    voucher_name: order.voucherName,
    game_coins: order.gameCoins,
    game_currency: order.gameCurrency,
  };
}

function amounts(order: OrderRecord): Body {
  return {
    amount: fromMinor(order.amountMinor),
    amount_currency: order.amountCurrency,
    amount_charged: fromMinor(order.chargedMinor),
    amount_charged_currency: order.chargedCurrency,
  };
}

const needActivation = (order: OrderRecord) => (order.activation && order.deliveryMethod === "voucher_code" ? 1 : 0);

/** Codes show while the voucher stands issued (4 and 2); a refunded order no longer shows them. */
function hasCode(order: OrderRecord): boolean {
  return order.voucherCode !== null && (order.status === 2 || order.status === 4);
}

/** voucher_code, voucher_code_2 and, unless `upTo` stops earlier, expiration_date_voucher. */
function addCode(body: Body, order: OrderRecord, upTo?: "voucher_code_2"): void {
  if (!hasCode(order)) return;
  body.voucher_code = order.voucherCode;
  if (order.voucherCode2 !== null) body.voucher_code_2 = order.voucherCode2;
  if (upTo !== "voucher_code_2" && order.codeExpiresAt !== null) body.expiration_date_voucher = isoTime(order.codeExpiresAt);
}

/** 2.6: "wait" while reserved; otherwise only when activation was requested. */
function activationVoucher(order: OrderRecord): "wait" | boolean | null {
  if (order.status === 6) return "wait";
  return order.activation ? order.activationVoucher : null;
}

function addErrorText(body: Body, order: OrderRecord): void {
  if (order.status === 3) body.error_text = order.errorText ?? "order failed";
}
