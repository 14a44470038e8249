// npm run bench, reconciliation: a day of 10,000 orders in the embedded KV, reconciled three
// ways in process (goal < 30 s), with the calls it made to upstream and to the provider.
//
// The day is built as close to a real one as a bench can afford:
//  • upstream: every order is placed in the Partner API sandbox through the real client's
//    /api/pay (test orders, so the demo balance does not run out), spread over the day;
//  • our ledger: each order is written through the checkout's order store (create-order-script,
//    so the `created` index is the one the shop writes), already completed with upstream's id
//    and amount, rather than walked through advance(), which would take minutes of setup;
//  • the provider: a captured PaymentIntent per order written into the payments sandbox's own
//    store and list index (the objects its hosted page and capture would leave), read back by
//    reconciliation through the stripe package's list calls over the sandbox's HTTP handler.
// Ten orders are planted as mismatches: refunded in our ledger and at the provider while
// upstream still shows them delivered, so each costs one get_order_info.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { capabilityHash, newCapabilityKey, orderIdFactory } from "@/lib/checkout/order-id";
import { createCodeVault } from "@/lib/checkout/code-vault";
import { newOrderRecord } from "@/lib/checkout/new-order";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { listOrderIdsCreatedBetween } from "@/lib/checkout/store/order-index";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { recordSurprise } from "@/lib/checkout/upstream-surprises";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import { moneyFromDecimal } from "@/lib/money";
import { createPartnerClient } from "@/lib/partner/client";
import { createPaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { storeCreated } from "@/lib/payments-sandbox/objects/list-index";
import type { StoredPaymentIntent } from "@/lib/payments-sandbox/objects/records";
import { stripeClientFor } from "@/lib/shop/stripe";
import { dayOf } from "@/lib/reconciliation/period";
import { reconcile } from "@/lib/reconciliation/run";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";

const ORDERS = 10_000;
const PLANTED = 10;
const GOAL_S = 30;
const DAY_START = Date.UTC(2026, 0, 15);
const VOUCHER = 10101; // service 101: a code voucher without an account
const PRICE_MINOR = 550;
/** Orders set up at once: the embedded KV commits concurrent writes together. */
const SETUP_CONCURRENCY = 50;

async function main(): Promise<void> {
  let now = DAY_START;
  const clock = { now: () => now };
  const dir = mkdtempSync(join(tmpdir(), "bench-reconcile-"));
  const kv = createEmbeddedKv({ dir });
  const fixture = await loadFixture();
  const sandbox = createSandbox({ fixture, clock, scheduler: { schedule: () => ({ cancel: () => undefined }) } });
  const upstreamCalls = new Map<string, number>();
  const client = createPartnerClient({
    baseUrl: "http://sandbox.bench",
    login: fixture.partners[0]?.login ?? "demo",
    apiKey: fixture.partners[0]?.api_key ?? "demo-key",
    clock,
    retries: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      upstreamCalls.set(path, (upstreamCalls.get(path) ?? 0) + 1);
      return sandbox.handle(request);
    },
  });
  const payments = createPaymentsSandbox({ kv, clock, config: { baseUrl: "http://pay.bench", webhookUrl: null, webhookSecret: "whsec_bench" } });
  const providerCalls = new Map<string, number>();
  const stripe = stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_bench" }, (request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    providerCalls.set(key, (providerCalls.get(key) ?? 0) + 1);
    return payments.handle(request);
  });
  const store = createOrderStore(kv, clock);
  const vault = createCodeVault(randomBytes(32));
  const nextId = orderIdFactory(clock);

  function ledgerOrder(id: string, intentId: string, planted: boolean, charged: OrderRecord["upstream"]["amountCharged"], upstreamId: string): OrderRecord {
    const key = newCapabilityKey();
    const base = newOrderRecord(
      {
        id,
        flow: "pay_first",
        capabilityHash: capabilityHash(key),
        capabilitySealed: vault.seal(key, id),
        email: `buyer${id.slice(-6).toLowerCase()}@example.com`,
        item: { kind: "voucher", gameId: 101, voucherId: VOUCHER, name: "Bench voucher", deliveryMethod: "voucher_code" },
        account: null,
        activation: false,
        test: true,
        quote: { price: { minor: PRICE_MINOR, currency: "USD" }, cost: charged ?? { minor: 490, currency: "USD" } },
      },
      now,
    );
    const state = planted ? "refunded" : "completed";
    return {
      ...base,
      state,
      upstream: { ...base.upstream, orderId: upstreamId, status: 2, amountCharged: charged },
      payment: { ...base.payment, paymentIntentId: intentId, authorizedAt: now },
      nextCheckAt: null,
      events: [{ at: now, what: `bench → ${state}`, to: state }],
    };
  }

  async function writeIntent(intentId: string, orderId: string, refunded: boolean): Promise<void> {
    const created = Math.floor(now / 1000);
    const stored: StoredPaymentIntent = {
      intent: {
        id: intentId,
        object: "payment_intent",
        amount: PRICE_MINOR,
        amount_capturable: 0,
        amount_received: PRICE_MINOR,
        canceled_at: null,
        cancellation_reason: null,
        capture_method: "manual",
        confirmation_method: "automatic",
        created,
        currency: "usd",
        description: null,
        last_payment_error: null,
        latest_charge: `ch_${intentId.slice(3)}`,
        livemode: false,
        metadata: { order_id: orderId },
        payment_method: null,
        payment_method_options: {},
        payment_method_types: ["card"],
        review: null,
        status: "succeeded",
      },
      capture_before_ms: null,
      amount_refunded: refunded ? PRICE_MINOR : 0,
      session_id: null,
      charge_created: created,
    };
    await storeCreated(payments.context, "pi", intentId, stored, created);
    if (!refunded) return;
    const refundId = `re_${intentId.slice(3)}`;
    await storeCreated(payments.context, "re", refundId, {
      id: refundId,
      object: "refund",
      amount: PRICE_MINOR,
      charge: stored.intent.latest_charge ?? "",
      created,
      currency: "usd",
      metadata: { order_id: orderId },
      payment_intent: intentId,
      reason: null,
      status: "succeeded",
    }, created);
  }

  async function placeOrder(i: number): Promise<void> {
    const id = nextId();
    const placed = await client.pay({ voucher_id: VOUCHER, test: 1, ext_order_id: id });
    if (!placed.ok || placed.value.order_status !== 2) throw new Error(`order ${i} not delivered upstream: ${placed.ok ? placed.value.order_status : placed.error.message}`);
    const planted = i % (ORDERS / PLANTED) === 0;
    const charged = moneyFromDecimal(placed.value.amount_charged, placed.value.amount_charged_currency);
    const intentId = `pi_bench${String(i).padStart(6, "0")}`;
    const created = await store.create(ledgerOrder(id, intentId, planted, charged.ok ? charged.value : null, placed.value.order_id));
    if (!created.ok) throw new Error(`order ${i} not stored: ${created.error.code}`);
    await writeIntent(intentId, id, planted);
  }

  try {
    const setupStart = performance.now();
    for (let first = 0; first < ORDERS; first += SETUP_CONCURRENCY) {
      // Each group shares one moment of the day; groups are spread over all of it.
      now = DAY_START + Math.floor((first * 86_400_000) / ORDERS);
      const group = Array.from({ length: Math.min(SETUP_CONCURRENCY, ORDERS - first) }, (_, j) => first + j);
      await Promise.all(group.map((i) => placeOrder(i)));
    }
    const setupS = (performance.now() - setupStart) / 1000;
    upstreamCalls.clear();

    now = DAY_START + 86_400_000 + 3600_000;
    const day = dayOf(DAY_START);
    const started = performance.now();
    const result = await reconcile(
      {
        kv,
        orders: store,
        listOrderIds: (from, to, opts) => listOrderIdsCreatedBetween(kv, from, to, opts),
        upstream: client,
        stripe,
        clock,
        batchSize: 5_000,
        raiseAlert: async () => undefined,
        newRunId: nextId,
        recordSurprise: (orderId, fact) => recordSurprise({ store, clock, alertOwner: () => undefined }, orderId, "reconciliation", fact),
      },
      { period: { from: day, to: day }, trigger: "cron", startedBy: null },
    );
    const seconds = (performance.now() - started) / 1000;
    if (!result.ok) throw new Error(result.error.message);
    const run = result.value;
    if (run.outcome !== "done") throw new Error(`the run failed: ${run.error}`);
    const found = run.rows.filter((row) => row.kind === "upstream_delivered").length;
    const total = (calls: Map<string, number>) => [...calls.values()].reduce((a, b) => a + b, 0);
    const each = (calls: Map<string, number>) => [...calls].map(([path, n]) => `${path} ${n}`).join(", ");
    console.log(
      `reconciliation of a day of ${run.counts.orders.toLocaleString("en")} orders: ${seconds.toFixed(2)} s ` +
        `(goal < ${GOAL_S} s: ${seconds < GOAL_S ? "met" : "NOT MET"}) (setup ${setupS.toFixed(1)} s, not counted)`,
    );
    console.log(`  upstream calls: ${total(upstreamCalls)} (${each(upstreamCalls)}); ${run.counts.batches} revise batch(es) of up to 5,000 payments`);
    console.log(`  payment provider calls: ${total(providerCalls)} (${each(providerCalls)})`);
    console.log(`  mismatches: ${run.counts.mismatches}, of which the ${PLANTED} planted found: ${found === PLANTED ? "yes" : `NO (${found})`}`);
  } finally {
    sandbox.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
