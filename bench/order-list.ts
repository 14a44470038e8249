// npm run bench (first) or `npx tsx bench/order-list.ts` alone – the admin's order list over
// 10,000 orders in the embedded KV (goal: p95 of a filtered, paged list under 300 ms). The
// orders are written through the checkout's order store, so every index is the one a shop
// builds; they span 60 days, 40 products, both flows, test and live, 2,000 buyers and every
// state in a shop's usual proportions. Each query reads a first page and follows its cursor.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { OrderState } from "@/lib/checkout/order-states";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import { listOrders } from "@/lib/order-list/list-orders";
import { orderListQuerySchema } from "@/lib/order-list/order-list-query";
import { sampleOrder } from "../tests/order-list/sample-order";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const RUNS = Number(process.env.BENCH_ORDER_LIST_RUNS ?? 20);
const PAGES = 3;
const GOAL_MS = 300;
const DAY = 86_400_000;
const END = Date.parse("2027-06-30T00:00:00Z");

/** States as a shop sees them: most complete, some fail, a few are in flight or refunded. */
const STATE_MIX: [OrderState, number][] = [
  ["completed", 0.62],
  ["failed", 0.2],
  ["awaiting_payment", 0.05],
  ["created", 0.02],
  ["reserved", 0.02],
  ["authorized", 0.02],
  ["fulfilling", 0.02],
  ["delivered", 0.01],
  ["releasing", 0.01],
  ["refunding", 0.01],
  ["refunded", 0.02],
];

/** mulberry32: a fixed pseudo-random sequence in 32-bit integer steps, so every run writes the same orders. */
function* numbers(seed: number): Generator<number> {
  let state = seed >>> 0;
  for (;;) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    yield ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }
}

function pickState(x: number): OrderState {
  let sum = 0;
  for (const [state, share] of STATE_MIX) {
    sum += share;
    if (x < sum) return state;
  }
  return "completed";
}

/** Crockford base-32, so generated ids pass the order id schema and sort by their number. */
function orderId(i: number): string {
  const digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  let n = i;
  let tail = "";
  for (let k = 0; k < 10; k++) {
    tail = digits[n % 32] + tail;
    n = Math.floor(n / 32);
  }
  return `01BENCH0000000${tail}`.slice(0, 16) + tail;
}

function generate(count: number): OrderRecord[] {
  const random = numbers(7);
  const next = () => random.next().value as number;
  return Array.from({ length: count }, (_, i) => {
    const createdAt = END - Math.floor(next() * 60 * DAY);
    const state = pickState(next());
    const gameId = 1 + Math.floor(next() * 40);
    const paid = !["created", "reserved", "failed"].includes(state);
    return sampleOrder({
      id: orderId(i),
      createdAt,
      updatedAt: createdAt,
      state,
      flow: next() < 0.3 ? "pay_first" : "reservation",
      test: next() < 0.1,
      email: `buyer${Math.floor(next() * 2000)}@example.com`,
      item: { kind: "voucher", gameId, voucherId: gameId * 100 + 1, name: `Game ${gameId} card`, deliveryMethod: "voucher_code" },
      upstream: { orderId: state === "created" ? null : `UP${i}`, status: null, amountCharged: null, reservationEndsAt: null, errorText: null, payMayExist: false },
      payment: {
        sessionId: paid ? `cs_bench_${i}` : null,
        paymentIntentId: paid ? `pi_bench_${i}` : null,
        url: null,
        expiresAt: null,
        openAttempt: 0,
        authorizedAt: paid ? createdAt + 60_000 : null,
        refundId: null,
      },
      events: [{ at: createdAt, what: "created" }],
    });
  });
}

const QUERIES: Record<string, Record<string, string>> = {
  "everything": {},
  "state=completed": { state: "completed" },
  "state=failed, product": { state: "failed", product: "7" },
  "state=refunded, product (sparse)": { state: "refunded", product: "13" },
  "test, pay-first, one week": { mode: "test", flow: "pay_first", from: "2027-06-01", to: "2027-06-07" },
  "one day": { from: "2027-06-15", to: "2027-06-15" },
  "buyer's email": { q: "buyer42@example.com" },
  "buyer's email, completed": { q: "Buyer42@Example.com", state: "completed" },
  "upstream order id": { q: "UP1234" },
  "PaymentIntent id": { q: "pi_bench_4321" },
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-order-list-"));
  const kv = createEmbeddedKv({ dir });
  try {
    const store = createOrderStore(kv, { now: () => END });
    const orders = generate(ORDERS);
    const writing = performance.now();
    // Concurrent creates: the embedded driver batches them into few LMDB transactions.
    for (let i = 0; i < orders.length; i += 200) {
      const results = await Promise.all(orders.slice(i, i + 200).map((order) => store.create(order)));
      if (results.some((r) => !r.ok)) throw new Error("an order could not be created");
    }
    console.log(`order list: ${ORDERS} orders written through the order store in ${((performance.now() - writing) / 1000).toFixed(1)} s`);

    const all: number[] = [];
    for (const [label, raw] of Object.entries(QUERIES)) {
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        let after: string | undefined;
        for (let page = 0; page < PAGES; page++) {
          const query = orderListQuerySchema.parse({ ...raw, size: "50", after });
          const started = performance.now();
          const listed = await listOrders(kv, query);
          times.push(performance.now() - started);
          if (!listed.ok) throw new Error(`${label}: ${listed.error.code}`);
          if (run === 0) rows += listed.value.rows.length;
          if (run === 0 && page === 0 && listed.value.rows.length === 0) throw new Error(`${label}: no order matched, so the figure would measure nothing`);
          if (listed.value.next === null) break;
          after = listed.value.next;
        }
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(`  ${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  (${rows} rows in up to ${PAGES} pages)`);
    }
    all.sort((a, b) => a - b);
    const p95 = percentile(all, 95);
    console.log(
      `order list: p95 ${p95.toFixed(1)} ms over ${all.length} filtered, paged lists of ${ORDERS} orders (goal p95 < ${GOAL_MS} ms: ${p95 < GOAL_MS ? "met" : "NOT MET"})`,
    );
  } finally {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
