// The admin order list against a brute-force filter of the same orders, on every KV driver:
// each filter combination paged to its end lists exactly the matching orders, newest first,
// none twice — orders sharing a millisecond and orders that moved state included — and every
// kind of search finds its order.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { listOrders } from "@/lib/order-list/list-orders";
import { orderListQuerySchema, createdRange, type OrderListQuery } from "@/lib/order-list/order-list-query";
import { startDrivers } from "../kv/drivers";
import { sampleOrder } from "./sample-order";

const { drivers, stop } = await startDrivers();
afterAll(stop);

const DAY = 86_400_000;
const T0 = Date.parse("2027-03-01T00:00:00Z");
const STATES = ["created", "reserved", "awaiting_payment", "failed"] as const;

function orderId(i: number): string {
  return `01KB${String(i).padStart(22, "0")}`;
}

/** 90 orders over three days, several per millisecond, some moved on to another state. */
async function seed(kv: Kv): Promise<OrderRecord[]> {
  const store = createOrderStore(kv, { now: () => T0 });
  const records: OrderRecord[] = [];
  for (let i = 0; i < 90; i++) {
    const record = sampleOrder({
      id: orderId(i),
      createdAt: T0 + Math.floor(i / 3) * (DAY / 10),
      // One buyer with a single order: their index is far smaller than any other, so the other
      // filters are checked on the records rather than intersected (list-orders.ts).
      email: i === 0 ? "solo@example.com" : `buyer${i % 7}@example.com`,
      flow: i % 4 === 0 ? "pay_first" : "reservation",
      test: i % 5 === 0,
      item: { kind: "voucher", gameId: 10 + (i % 3), voucherId: 100, name: "Card", deliveryMethod: "voucher_code" },
    });
    const created = await store.create(record);
    if (!created.ok) throw new Error("create failed");
    let stored = created.value;
    const target = STATES[i % STATES.length]!;
    if (target === "reserved" || target === "awaiting_payment") {
      const moved = await store.save(stored, { to: "reserved", note: { kind: "reserved", values: { status: 1 } }, patch: { upstream: { ...record.upstream, orderId: `UP-${i}` } } });
      if (!moved.ok) throw new Error("save failed");
      stored = moved.value;
    }
    if (target === "awaiting_payment") {
      const payment = { ...record.payment, sessionId: `cs_test_${i}`, paymentIntentId: `pi_test_${i}` };
      const moved = await store.save(stored, { to: "awaiting_payment", note: { kind: "paymentPageOpened", values: { session: "cs_test" } }, patch: { payment } });
      if (!moved.ok) throw new Error("save failed");
      stored = moved.value;
    }
    if (target === "failed") {
      const moved = await store.save(stored, { to: "failed", note: { kind: "reservationFailed" } });
      if (!moved.ok) throw new Error("save failed");
      stored = moved.value;
    }
    records.push(stored.record);
  }
  return records;
}

function expected(records: OrderRecord[], query: OrderListQuery): string[] {
  const range = createdRange(query);
  return records
    .filter((r) => query.state === undefined || r.state === query.state)
    .filter((r) => query.product === undefined || r.item.gameId === query.product)
    .filter((r) => query.flow === undefined || r.flow === query.flow)
    .filter((r) => query.mode === undefined || r.test === (query.mode === "test"))
    .filter((r) => range.from === undefined || r.createdAt >= range.from)
    .filter((r) => range.to === undefined || r.createdAt <= range.to)
    .filter((r) => query.q === undefined || r.email === query.q.trim().toLowerCase())
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);
}

async function everyPage(kv: Kv, query: OrderListQuery): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let after: string | undefined;
  for (;;) {
    const page = await listOrders(kv, { ...query, after });
    if (!page.ok) throw new Error(page.error.code);
    pages += 1;
    expect(page.value.rows.length).toBeLessThanOrEqual(query.size);
    ids.push(...page.value.rows.map((r) => r.id));
    if (page.value.next === null) return { ids, pages };
    after = page.value.next;
  }
}

const QUERIES: Record<string, string>[] = [
  {},
  { state: "failed" },
  { state: "awaiting_payment", product: "11" },
  { product: "12", mode: "test" },
  { flow: "pay_first", from: "2027-03-02" },
  { from: "2027-03-02", to: "2027-03-02" },
  { state: "reserved", flow: "reservation", mode: "live", to: "2027-03-02" },
  { q: " Buyer3@Example.com " },
  { q: "buyer3@example.com", state: "created" },
  { state: "refunded" },
  { q: "solo@example.com", mode: "test", flow: "pay_first", state: "created" },
  { q: "solo@example.com", state: "failed" },
];

describe.each(drivers)("admin order list: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }
  let kv: Kv;
  let records: OrderRecord[];
  beforeAll(async () => {
    kv = open(`${randomUUID()}:`);
    records = await seed(kv);
  });
  afterAll(async () => kv.close());

  it.each(QUERIES.map((raw) => [JSON.stringify(raw), raw] as const))("lists %s in full, newest first, once each", async (_label, raw) => {
    for (const size of ["25", "100"]) {
      const query = orderListQuerySchema.parse({ ...raw, size });
      const want = expected(records, query);
      const got = await everyPage(kv, query);
      expect(got.ids).toEqual(want);
      expect(got.pages).toBe(Math.max(1, Math.ceil(want.length / query.size)));
    }
  });

  it("finds one order by our id, upstream's, the Checkout Session's or the PaymentIntent's", async () => {
    const list = async (raw: Record<string, string>) => {
      const page = await listOrders(kv, orderListQuerySchema.parse(raw));
      if (!page.ok) throw new Error(page.error.code);
      return page.value.rows.map((r) => r.id);
    };
    expect(await list({ q: orderId(5).toLowerCase() })).toEqual([orderId(5)]);
    expect(await list({ q: "UP-9" })).toEqual([orderId(9)]);
    expect(await list({ q: "cs_test_10" })).toEqual([orderId(10)]);
    expect(await list({ q: "pi_test_14" })).toEqual([orderId(14)]);
    // The filters still apply to an order found by its id.
    expect(await list({ q: "pi_test_14", state: "failed" })).toEqual([]);
    expect(await list({ q: "pi_nobody" })).toEqual([]);
    expect(await list({ q: "nobody@example.com" })).toEqual([]);
  });

  it("refuses a cursor it did not make", async () => {
    const page = await listOrders(kv, orderListQuerySchema.parse({ after: "1~2" }));
    expect(page).toMatchObject({ ok: false, error: { code: "invalid_cursor" } });
  });
});
