// What the sandbox persists. Every record is plain JSON (numbers, strings, booleans, null,
// arrays and objects) so that a Redis/Upstash store can keep it as a string and hand it back
// unchanged. Money is integer minor units; times are milliseconds since the epoch.
import type { OrderStatus } from "@/lib/partner/schemas";

export type OrderKind = "balance" | "voucher";
export type DeliveryMethod = "voucher_code" | "direct_topup";
/** The supplier simulation's outcome for an order; `unavailable` never creates one. */
export type PlannedOutcome = "success" | "error" | "stall" | "refund_after";

/** How the order will behave once it goes to processing, fixed when the order is created. */
export interface OrderPlan {
  outcome: PlannedOutcome;
  latencyMs: number;
  refundAfterMs: number;
  activationMs: number;
  /** The first activation attempt fails (fixture `activation_fails`). */
  activationFails: boolean;
  /** error_text when the outcome is `error`. */
  failText: string;
}

export interface OrderRecord {
  id: string;
  /** Optimistic-concurrency version; the store sets it on every commit. */
  version: number;
  partnerId: number;
  extOrderId: string | null;
  createdAt: number;
  test: boolean;
  /** Created with request=1. */
  reservation: boolean;
  /** Created with activation=1 (only accepted where supported). */
  activation: boolean;

  // What was ordered, copied from the catalogue so that a body never needs the fixture.
  kind: OrderKind;
  gameId: number;
  gameName: string;
  gameCurrency: string;
  voucherId: number | null;
  voucherName: string | null;
  gameCoins: number | null;
  deliveryMethod: DeliveryMethod | null;
  account: string | null;
  amountMinor: number;
  amountCurrency: string;
  chargedMinor: number;
  chargedCurrency: string;
  discountRate: number | null;
  codeParts: 1 | 2;
  codeValidDays: number;
  plan: OrderPlan;
  deliveryMaxMs: number;

  // Where it is.
  status: OrderStatus;
  errorText: string | null;
  /** Time of the latest status change (docs/partner-api-decisions.md item 5: service_transaction_time). */
  statusChangedAt: number;
  activationVoucher: "wait" | boolean | null;
  voucherCode: string | null;
  voucherCode2: string | null;
  codeExpiresAt: number | null;
  /** What the partner balance currently holds for this order (0 or amount_charged). */
  debitedMinor: number;
  activationAttempts: number;

  // Deadlines of what is due next; null when not pending.
  /** When it went to processing: creation, or confirmation of a reservation. */
  processingAt: number | null;
  reservationExpiresAt: number | null;
  supplierDoneAt: number | null;
  activationDoneAt: number | null;
  refundAt: number | null;
}

/** A notification waiting in an order's outbox; delivered strictly in `seq` order. */
export interface OutboxEntry {
  orderId: string;
  seq: number;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** Failed attempts so far. */
  attempts: number;
  /** Not to be tried before this time (a retry delay). */
  notBeforeMs: number;
}

export type NewNotification = Pick<OutboxEntry, "url" | "headers" | "body">;

/** What /api/revise learnt about one order from one submitted payment (docs/partner-api-decisions.md item 19). */
export interface ReconciliationRecord {
  orderId: string;
  partnerId: number;
  revisedAt: number;
  result: "match" | "status_mismatch" | "amount_mismatch";
  partnerStatus: number;
  partnerAmountMinor: number;
  partnerTransactionTime: string;
  serviceStatus: number;
  serviceAmountMinor: number;
}
