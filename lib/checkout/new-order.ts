// A fresh order record: what the buyer asked for and the frozen quote, everything else still
// unknown. Stored before any upstream call, so the ext_order_id exists before it is used.
import type { OrderRecord } from "./order-record";

export type NewOrderInput = Pick<
  OrderRecord,
  "id" | "flow" | "capabilityHash" | "capabilitySealed" | "email" | "item" | "account" | "activation" | "test" | "quote" | "buyer"
> &
  Partial<Pick<OrderRecord, "locale">> & {
    /** The payment page asks for 3-D Secure (lib/fraud's decision before any card is typed). */
    threeDSecure?: boolean;
  };

export function newOrderRecord({ threeDSecure, ...input }: NewOrderInput, now: number): OrderRecord {
  return {
    ...input,
    state: "created",
    createdAt: now,
    updatedAt: now,
    upstream: { orderId: null, status: null, amountCharged: null, reservationEndsAt: null, errorText: null, payMayExist: false },
    payment: { sessionId: null, paymentIntentId: null, url: null, expiresAt: null, openAttempt: 0, authorizedAt: null, refundId: null, ...(threeDSecure ? { threeDSecure } : {}) },
    delivery: { code: null, code2: null, expiresAt: null, activation: null },
    reason: null,
    nextCheckAt: now,
    attempts: 0,
    alert: null,
    events: [],
  };
}
