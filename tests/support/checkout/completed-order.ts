// A completed pay-first order for the tests of what completion counts (daily sales, popularity):
// a 10.00 USD card sold at 11.00, created at `at`, with whatever the test overrides.
import { newOrderRecord } from "@/lib/checkout/new-order";
import type { OrderRecord } from "@/lib/checkout/order-record";

export function completedOrder(id: string, at: number, overrides: Partial<OrderRecord> = {}): OrderRecord {
  const base = newOrderRecord(
    {
      id,
      flow: "pay_first",
      capabilityHash: "0".repeat(64),
      capabilitySealed: "v1.a.b.c",
      email: "buyer@example.com",
      item: { kind: "voucher", gameId: 10, voucherId: 1001, name: "Card", deliveryMethod: "voucher_code" },
      account: null,
      activation: false,
      test: false,
      quote: { price: { minor: 1100, currency: "USD" }, cost: { minor: 950, currency: "USD" } },
    },
    at,
  );
  return { ...base, state: "completed", ...overrides };
}
