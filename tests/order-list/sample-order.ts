// An order record as the checkout stores it, for tests of the indexes, the list and the export.
import type { OrderRecord } from "@/lib/checkout/order-record";

export function sampleOrder(overrides: Partial<OrderRecord> = {}): OrderRecord {
  const at = overrides.createdAt ?? 1_800_000_000_000;
  return {
    id: "01KA0000000000000000000000",
    flow: "reservation",
    state: "created",
    createdAt: at,
    updatedAt: at,
    capabilityHash: "a".repeat(64),
    capabilitySealed: "v1.a.b.c",
    email: "buyer@example.com",
    item: { kind: "voucher", gameId: 10, voucherId: 100, name: "Gift card 10", deliveryMethod: "voucher_code" },
    account: null,
    activation: false,
    test: false,
    quote: { price: { minor: 1100, currency: "USD" }, cost: { minor: 1000, currency: "USD" } },
    upstream: { orderId: null, status: null, amountCharged: null, reservationEndsAt: null, errorText: null, payMayExist: false },
    payment: { sessionId: null, paymentIntentId: null, url: null, expiresAt: null, openAttempt: 0, authorizedAt: null, refundId: null },
    delivery: { code: null, code2: null, expiresAt: null, activation: null },
    reason: null,
    nextCheckAt: null,
    attempts: 0,
    alert: null,
    events: [],
    ...overrides,
  };
}
