// Section 3's moves that happen by themselves, as a pure function of the order and the clock.
// Every deadline lives in the record, so any reader can bring an order up to date: a
// serverless instance may die before its timer fires, and the next read must still see the
// reservation expired or the supplier done (docs/partner-api-decisions.md items 12, 15). Timers only make it prompt.
import type { OrderStatus } from "@/lib/partner/schemas";
import type { OrderRecord } from "../store/records";

export const ERROR_TEXT = {
  reservationExpired: "reservation expired",
  reservationReleased: "reservation released by the partner",
  deliveryExceeded: "delivery time exceeded",
  supplierDeclined: "supplier declined the order",
  refunded: "refunded by supplier",
  testDeclined: "test order: the account is not a test account",
} as const;

const DAY_MS = 86_400_000;

export type StepKind = "reservation_expired" | "supplier_done" | "activation_done" | "delivery_exceeded" | "refund";

export interface Step {
  at: number;
  kind: StepKind;
}

/** 5 while a balance or direct top-up runs, 1 for voucher codes (docs/partner-api-decisions.md item 14). */
function pendingStatus(order: OrderRecord): OrderStatus {
  return order.kind === "balance" || order.deliveryMethod === "direct_topup" ? 5 : 1;
}

export function isFinal(order: OrderRecord): boolean {
  return order.status === 2 || order.status === 3;
}

const inProcessing = (status: OrderStatus) => status === 1 || status === 4 || status === 5;

/** The earliest thing due for this order, or null when nothing will happen by itself. */
export function nextStep(order: OrderRecord): Step | null {
  // Runs on every read and write, so it keeps the earliest so far instead of collecting
  // candidates in an array through a closure. Checked by precedence, and only a strictly
  // earlier time displaces the best: on a tie the supplier's answer counts as arriving in time.
  const { status } = order;
  let at: number | null = null;
  let kind: StepKind | null = null;
  if (status === 6 && order.reservationExpiresAt !== null) {
    at = order.reservationExpiresAt;
    kind = "reservation_expired";
  }
  if ((status === 1 || status === 5) && order.supplierDoneAt !== null && (at === null || order.supplierDoneAt < at)) {
    at = order.supplierDoneAt;
    kind = "supplier_done";
  }
  if ((status === 4 || status === 2) && order.activationDoneAt !== null && (at === null || order.activationDoneAt < at)) {
    at = order.activationDoneAt;
    kind = "activation_done";
  }
  if (inProcessing(status) && order.processingAt !== null) {
    const exceededAt = order.processingAt + order.deliveryMaxMs;
    if (at === null || exceededAt < at) {
      at = exceededAt;
      kind = "delivery_exceeded";
    }
  }
  if (status === 2 && order.refundAt !== null && (at === null || order.refundAt < at)) {
    at = order.refundAt;
    kind = "refund";
  }
  return at === null || kind === null ? null : { at, kind };
}

export interface Advanced {
  order: OrderRecord;
  balanceDeltaMinor: number;
  /** A snapshot at each change a partner is notified of (status or activation_voucher). */
  changes: OrderRecord[];
}

/** Apply every step due by `now`, in time order. */
export function advance(order: OrderRecord, now: number, randomCode: () => string): Advanced {
  let current = order;
  let balanceDeltaMinor = 0;
  const changes: OrderRecord[] = [];
  for (let step = nextStep(current); step && step.at <= now; step = nextStep(current)) {
    const result = applyStep(current, step, randomCode);
    balanceDeltaMinor += result.balanceDeltaMinor;
    if (isNotifiableChange(current, result.order)) changes.push(result.order);
    current = result.order;
  }
  return { order: current, balanceDeltaMinor, changes };
}

function isNotifiableChange(before: OrderRecord, after: OrderRecord): boolean {
  return before.status !== after.status || before.activationVoucher !== after.activationVoucher;
}

function applyStep(order: OrderRecord, step: Step, randomCode: () => string): { order: OrderRecord; balanceDeltaMinor: number } {
  switch (step.kind) {
    case "reservation_expired":
      return fail(order, ERROR_TEXT.reservationExpired, step.at);
    case "delivery_exceeded":
      return fail(order, ERROR_TEXT.deliveryExceeded, step.at);
    case "refund":
      return fail(order, ERROR_TEXT.refunded, step.at);
    case "supplier_done":
      if (order.plan.outcome === "error") return fail(order, order.plan.failText, step.at);
      return { order: supplierDelivered(order, step.at, randomCode), balanceDeltaMinor: 0 };
    case "activation_done":
      return { order: activationDone(order, step.at), balanceDeltaMinor: 0 };
  }
}

/** The order ends in 3; whatever the balance holds for it goes back in the same step. */
export function fail(order: OrderRecord, errorText: string, at: number): { order: OrderRecord; balanceDeltaMinor: number } {
  const activationVoucher = order.activation ? order.activationVoucher === true : null;
  return {
    order: {
      ...withStatus(order, 3, at),
      errorText,
      activationVoucher,
      debitedMinor: 0,
      reservationExpiresAt: null,
      supplierDoneAt: null,
      activationDoneAt: null,
      refundAt: null,
    },
    balanceDeltaMinor: order.debitedMinor,
  };
}

/** The order goes to processing (creation, or confirmation of a reservation). */
export function startProcessing(order: OrderRecord, at: number): OrderRecord {
  return {
    ...withStatus(order, pendingStatus(order), at),
    processingAt: at,
    reservationExpiresAt: null,
    supplierDoneAt: order.plan.outcome === "stall" ? null : at + order.plan.latencyMs,
    activationVoucher: order.activation ? "wait" : null,
  };
}

/** A failed activation is tried again (the one 2 → 2 move of section 3). */
export function canRetryActivation(order: OrderRecord): boolean {
  return order.status === 2 && order.activation && order.activationVoucher === false && order.activationDoneAt === null;
}

export function retryActivation(order: OrderRecord, at: number): OrderRecord {
  return {
    ...order,
    activationVoucher: "wait",
    activationDoneAt: at + order.plan.activationMs,
    activationAttempts: order.activationAttempts + 1,
  };
}

function supplierDelivered(order: OrderRecord, at: number, randomCode: () => string): OrderRecord {
  const issued = order.deliveryMethod === "voucher_code" ? issueCode(order, at, randomCode) : order;
  const delivered = { ...issued, supplierDoneAt: null };
  if (order.activation) {
    return {
      ...withStatus(delivered, 4, at),
      activationVoucher: "wait",
      activationDoneAt: at + order.plan.activationMs,
      activationAttempts: 1,
    };
  }
  return succeeded(delivered, at);
}

function activationDone(order: OrderRecord, at: number): OrderRecord {
  const failed = order.plan.activationFails && order.activationAttempts === 1;
  const activated = { ...order, activationVoucher: !failed, activationDoneAt: null };
  return order.status === 4 ? succeeded(activated, at) : activated;
}

function succeeded(order: OrderRecord, at: number): OrderRecord {
  const refundAt = order.plan.outcome === "refund_after" ? at + order.plan.refundAfterMs : null;
  return { ...withStatus(order, 2, at), refundAt };
}

function issueCode(order: OrderRecord, at: number, randomCode: () => string): OrderRecord {
  return {
    ...order,
    voucherCode: randomCode(),
    voucherCode2: order.codeParts === 2 ? randomCode() : null,
    codeExpiresAt: at + order.codeValidDays * DAY_MS,
  };
}

function withStatus(order: OrderRecord, status: OrderStatus, at: number): OrderRecord {
  if (order.status === status) return order;
  return { ...order, status, statusChangedAt: at, errorText: status === 3 ? order.errorText : null };
}
