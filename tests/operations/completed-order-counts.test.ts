// What a completed order adds to the owner's figures, on every KV driver: its day's orders,
// sales and cost (the dashboard's chart) and its product's sales (the catalogue's order), each
// exactly once however often completion is told, and still exactly once when a write of the
// first telling fails part-way (a lost connection, a process killed between two writes) and
// completion is told again.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readSales, recordSale } from "@/lib/catalog/popularity";
import { completedOrder } from "@/tests/support/checkout/completed-order";
import { readDailySales, recordCompletedOrder } from "@/lib/operations/daily-sales";
import { driversForFile } from "../kv/drivers";
import { failingWrite } from "../kv/helpers";

const { drivers, track } = await driversForFile();

const NOW = Date.UTC(2026, 2, 10, 12);
const rates = { storeCurrency: "USD", exchangeRates: { EUR: "1.08" } };
const day = (sales: { orders: number; salesMinor: number; costMinor: number; uncosted: number }) => ({
  day: "2026-03-10",
  ...sales,
  refundedMinor: 0,
  marginMinor: sales.salesMinor - sales.costMinor,
});

describe.each(drivers)("completed order counts: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }
  const store = () => track(open(`${randomUUID()}:`));

  it("counts an order into its day once, a cost without a rate as uncosted", async () => {
    const kv = store();
    const one = completedOrder("01J00000000000000000000001", NOW);
    await recordCompletedOrder(kv, one, rates, NOW);
    await recordCompletedOrder(kv, one, rates, NOW);
    await recordCompletedOrder(kv, completedOrder("01J00000000000000000000002", NOW, { quote: { price: { minor: 1100, currency: "USD" }, cost: { minor: 500, currency: "GBP" } } }), rates, NOW);
    expect((await readDailySales(kv, "USD", NOW, 1))[0]).toEqual(day({ orders: 2, salesMinor: 2200, costMinor: 950, uncosted: 1 }));
  });

  it.each([1, 2, 3, 4])("counts an order into its day once when write %i of the first telling fails", async (n) => {
    const kv = store();
    const one = completedOrder("01J00000000000000000000001", NOW);
    await recordCompletedOrder(failingWrite(kv, n), one, rates, NOW).catch(() => undefined);
    await recordCompletedOrder(kv, one, rates, NOW);
    expect((await readDailySales(kv, "USD", NOW, 1))[0]).toEqual(day({ orders: 1, salesMinor: 1100, costMinor: 950, uncosted: 0 }));
  });

  it.each([0, 1, 2, 3])("counts a product's sale once (write %i of the first telling failing)", async (n) => {
    const kv = store();
    await recordSale(n === 0 ? kv : failingWrite(kv, n), "A", 7).catch(() => undefined);
    await recordSale(kv, "A", 7);
    await recordSale(kv, "B", 7);
    await recordSale(kv, "C", 9);
    expect(await readSales(kv)).toEqual(new Map([[7, 2], [9, 1]]));
  });
});
