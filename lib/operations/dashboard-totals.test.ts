// The dashboard's totals against a brute-force sum over the orders themselves: every completed
// order's price on its day, less every refund the buyer got back on the refund's day, less what
// upstream charged. A full refund of a delivered order leaves its cost as a loss.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderRecord, OwnerRefund } from "@/lib/checkout/order-record";
import { completedOrder } from "@/tests/support/checkout/completed-order";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { readDailySales, recordCompletedOrder, salesTotals } from "./daily-sales";
import { recordMoneyBack } from "./money-back";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 2, 10, 12);
const RANGE = 7;
const rates = { storeCurrency: "USD", exchangeRates: {} };

interface Told {
  order: OrderRecord;
  completedAt: number;
}

const refundArb = (price: number) =>
  fc.record({
    kind: fc.constantFrom<OwnerRefund["kind"]>("full", "part"),
    minor: fc.integer({ min: 1, max: price }),
    status: fc.constantFrom<OwnerRefund["status"]>("pending", "done", "failed"),
    laterMs: fc.integer({ min: 0, max: 3 * DAY }),
  });

const orderArb = fc
  .record({ price: fc.integer({ min: 100, max: 50_000 }), costPct: fc.integer({ min: 50, max: 130 }), dayBack: fc.integer({ min: 0, max: RANGE + 2 }), test: fc.boolean() })
  .chain((o) => fc.record({ o: fc.constant(o), refunds: fc.array(refundArb(o.price), { maxLength: 3 }) }));

type Drawn = { o: { price: number; costPct: number; dayBack: number; test: boolean }; refunds: { kind: OwnerRefund["kind"]; minor: number; status: OwnerRefund["status"]; laterMs: number }[] };

function build(index: number, { o, refunds }: Drawn): Told {
  const completedAt = NOW - o.dayBack * DAY - (index % 7) * 60_000;
  const id = `01J${String(index).padStart(23, "0")}`;
  const order = completedOrder(id, completedAt, {
    test: o.test && index % 5 === 0,
    quote: { price: { minor: o.price, currency: "USD" }, cost: { minor: Math.round((o.price * o.costPct) / 100), currency: "USD" } },
    refunds: refunds.map((r, i) => ({
      requestId: `req-${index}-${i}-xxxx`,
      kind: r.kind,
      amount: { minor: r.minor, currency: "USD" },
      reason: "test",
      by: "owner@example.com",
      at: Math.min(NOW, completedAt + r.laterMs),
      status: r.status,
      refundId: r.status === "done" ? `re_${index}_${i}` : null,
      buyerTold: false,
    })),
  });
  return { order, completedAt };
}

/** Brute force: walk the orders, no counters. */
function expected(orders: Told[]) {
  const first = NOW - (RANGE - 1) * DAY;
  const inRange = (at: number) => new Date(at).toISOString().slice(0, 10) >= new Date(first).toISOString().slice(0, 10);
  let orderCount = 0;
  let sales = 0;
  let cost = 0;
  let refunded = 0;
  for (const { order, completedAt } of orders) {
    if (order.test) continue;
    if (inRange(completedAt)) {
      orderCount += 1;
      sales += order.quote.price.minor;
      cost += order.quote.cost.minor;
    }
    for (const refund of order.refunds ?? []) if (refund.status === "done" && inRange(refund.at)) refunded += refund.amount.minor;
  }
  return { orders: orderCount, salesMinor: sales, refundedMinor: refunded, costMinor: cost, marginMinor: sales - refunded - cost };
}

async function dashboard(orders: Told[]) {
  const kv = createMemoryKv();
  for (const { order, completedAt } of orders) {
    await recordCompletedOrder(kv, order, rates, completedAt);
    await recordMoneyBack(kv, order, rates);
  }
  return salesTotals(await readDailySales(kv, "USD", NOW, RANGE));
}

describe("the dashboard's totals", () => {
  it("show a full refund of a delivered order as the loss of its cost", async () => {
    const { order } = build(1, { o: { price: 1078, costPct: 0, dayBack: 0, test: false }, refunds: [] });
    const refunded: OrderRecord = {
      ...order,
      state: "refunded",
      quote: { price: { minor: 1078, currency: "USD" }, cost: { minor: 980, currency: "USD" } },
      refunds: [{ requestId: "req-full-0001", kind: "full", amount: { minor: 1078, currency: "USD" }, reason: "asked", by: null, at: NOW, status: "done", refundId: "re_1", buyerTold: true }],
    };
    expect(await dashboard([{ order: refunded, completedAt: NOW - 60_000 }])).toEqual({ orders: 1, salesMinor: 1078, refundedMinor: 1078, costMinor: 980, marginMinor: -980, uncosted: 0 });
  });

  it("equal a brute-force sum over the orders net of refunds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { maxLength: 12 }), async (drawn) => {
        const orders = drawn.map((d, i) => build(i + 1, d));
        expect(await dashboard(orders)).toEqual({ ...expected(orders), uncosted: 0 });
      }),
      { numRuns: 60 },
    );
  });
});
