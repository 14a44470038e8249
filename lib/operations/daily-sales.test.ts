import { describe, expect, it } from "vitest";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { completedOrder } from "@/tests/support/checkout/completed-order";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { inStoreCurrency, readDailySales, recordCompletedOrder } from "./daily-sales";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 2, 10, 12);
const rates = { storeCurrency: "USD", exchangeRates: { EUR: "1.08", JPY: "0.0067" } };

const order = (id: string, overrides: Partial<OrderRecord> = {}) => completedOrder(id, NOW, overrides);

describe("daily sales aggregates", () => {
  it("counts a completed order once, however often completion is told", async () => {
    const kv = createMemoryKv();
    const one = order("01J00000000000000000000001");
    await recordCompletedOrder(kv, one, rates, NOW);
    await recordCompletedOrder(kv, one, rates, NOW);
    await Promise.all([recordCompletedOrder(kv, one, rates, NOW), recordCompletedOrder(kv, one, rates, NOW)]);
    await recordCompletedOrder(kv, order("01J00000000000000000000002"), rates, NOW - DAY);
    const days = await readDailySales(kv, "USD", NOW, 7);
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toEqual({ day: "2026-03-10", orders: 1, salesMinor: 1100, refundedMinor: 0, costMinor: 950, marginMinor: 150, uncosted: 0 });
    expect(days.at(-2)).toMatchObject({ day: "2026-03-09", orders: 1, salesMinor: 1100 });
    expect(days[0]).toEqual({ day: "2026-03-04", orders: 0, salesMinor: 0, refundedMinor: 0, costMinor: 0, marginMinor: 0, uncosted: 0 });
  });

  it("values upstream's charge in the store currency, and counts an order without a rate as uncosted", async () => {
    const kv = createMemoryKv();
    await recordCompletedOrder(kv, order("01J00000000000000000000003", { upstream: { ...order("x".padEnd(26, "0")).upstream, amountCharged: { minor: 1000, currency: "EUR" } } }), rates, NOW);
    await recordCompletedOrder(kv, order("01J00000000000000000000004", { quote: { price: { minor: 500, currency: "USD" }, cost: { minor: 400, currency: "GBP" } } }), rates, NOW);
    const [today] = await readDailySales(kv, "USD", NOW, 1);
    expect(today).toEqual({ day: "2026-03-10", orders: 2, salesMinor: 1600, refundedMinor: 0, costMinor: 1080, marginMinor: 520, uncosted: 1 });
  });

  it("leaves test orders out", async () => {
    const kv = createMemoryKv();
    await recordCompletedOrder(kv, order("01J00000000000000000000005", { test: true }), rates, NOW);
    expect((await readDailySales(kv, "USD", NOW, 1))[0]?.orders).toBe(0);
  });

  it("converts between minor units of different exponents exactly, rounding half up", () => {
    expect(inStoreCurrency({ minor: 1000, currency: "JPY" }, rates)).toBe(670);
    expect(inStoreCurrency({ minor: 1, currency: "EUR" }, rates)).toBe(1);
    expect(inStoreCurrency({ minor: 5, currency: "XYZ" }, rates)).toBeNull();
  });
});
