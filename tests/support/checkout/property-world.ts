// One world per property-test schedule: the Partner API sandbox and the payments sandbox on
// manual time, our real partner client and the stripe package in front of them, the order
// store on an in-memory KV, and faults between all of them. Everything runs in microtasks and
// on manual timers, so a schedule replays the same way every time.
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { advance, type AdvanceDeps } from "@/lib/checkout/advance";
import { createCodeVault } from "@/lib/checkout/code-vault";
import { newOrderRecord } from "@/lib/checkout/new-order";
import { capabilityHash, newCapabilityKey, orderIdFactory } from "@/lib/checkout/order-id";
import type { OrderItem, OrderRecord } from "@/lib/checkout/order-record";
import { handlePartnerNotification, PARTNER_NOTIFY_HEADER } from "@/lib/checkout/partner-notification";
import { paymentEventHandler } from "@/lib/checkout/payment-events";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { stripePayments } from "@/lib/checkout/stripe-payments";
import { sweep } from "@/lib/checkout/sweep";
import { createPartnerClient } from "@/lib/partner/client";
import { createPaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import type { StoredPaymentIntent, StoredSession } from "@/lib/payments-sandbox/objects/records";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { fixtureSchema } from "@/lib/sandbox/fixture/schema";
import { createMemoryStore } from "@/lib/sandbox/store/memory-store";
import type { OrderRecord as UpstreamOrder } from "@/lib/sandbox/store/records";
import { ManualTimers } from "@/tests/support/partner-client/manual-timers";
import { sampleFixture } from "@/tests/support/sandbox/sample-fixture";
import { createMemoryKv, type MemoryData } from "../memory-kv";
import { Crash, crashingPayments, crashingStore, crashingUpstream, faultyFetch, faultyKv, FaultPlan } from "./faults";

export type Flow = "reservation" | "pay_first_code" | "direct_topup" | "balance";
export type SupplierOutcome = "success" | "error" | "refund_after" | "stall";

export interface WorldParams {
  /** The service notifies the shop of every change (with our secret), or the shop must ask. */
  notifications: boolean;
  supplier: SupplierOutcome;
  supplierLatencySeconds: number;
  /** Partner balance in USD: enough for everything, or low enough to answer 402. */
  partnerBalance: number;
  reservationSeconds: number;
}

const NOTIFY_SECRET = "property-secret";
const PARTNER_ID = 1;

/** What a flow buys, and what the quote froze (the price guard fires when `cost` is below upstream's). */
const ITEMS: Record<Flow, { item: OrderItem; flow: OrderRecord["flow"]; account: string | null; cost: number; price: number }> = {
  reservation: {
    item: { kind: "voucher", gameId: 10, voucherId: 1001, name: "Sample Gift Card 10 USD", deliveryMethod: "voucher_code" },
    flow: "reservation",
    account: null,
    cost: 950,
    price: 1045,
  },
  pay_first_code: {
    item: { kind: "voucher", gameId: 40, voucherId: 4001, name: "Plain Card 4 USD", deliveryMethod: "voucher_code" },
    flow: "pay_first",
    account: null,
    cost: 400,
    price: 440,
  },
  direct_topup: {
    item: { kind: "voucher", gameId: 20, voucherId: 2001, name: "100 Diamonds", deliveryMethod: "direct_topup" },
    flow: "pay_first",
    account: "111|22",
    cost: 198,
    price: 218,
  },
  balance: {
    item: { kind: "balance", gameId: 30, name: "Sample Wallet", amount: { minor: 1000, currency: "USD" } },
    flow: "pay_first",
    account: "wallet-owner",
    cost: 980,
    price: 1078,
  },
};

export type World = Awaited<ReturnType<typeof createWorld>>;

export async function createWorld(params: WorldParams) {
  const timers = new ManualTimers();
  const plan = new FaultPlan();

  const raw = sampleFixture();
  raw.reservation_ttl_seconds = params.reservationSeconds;
  const partner = raw.partners[0];
  if (!partner) throw new Error("sample fixture has no partner");
  partner.balance = params.partnerBalance;
  if (params.notifications) {
    partner.notify_url = "https://shop.test/api/webhooks/partner";
    partner.notify_headers = { [PARTNER_NOTIFY_HEADER]: NOTIFY_SECRET };
  }
  const [reserved] = raw.services;
  if (reserved) reserved.request = true;
  raw.services.push({
    id: 40,
    game_name: "Plain Card",
    type: "voucher",
    currency: "USD",
    vouchers: [
      {
        voucher_id: 4001,
        voucher_name: "Plain Card 4 USD",
        amount: 4,
        currency: "USD",
        game_coins: 4,
        origin_price: 4,
        origin_currency: "USD",
        discount_rate: 0,
        account_need: false,
        delivery_method: "voucher_code",
      },
    ],
  });
  for (const service of raw.services) {
    service.supplier = { outcome: params.supplier, latency_seconds: params.supplierLatencySeconds, refund_after_seconds: 120 };
  }
  const fixture = fixtureSchema.parse(raw);

  /** Notifications the service sent and the shop has not yet acknowledged (2xx). */
  const inbox: { body: string; header: string | null }[] = [];
  const upstreamStore = createMemoryStore(fixture);
  const sandbox = createSandbox({
    fixture,
    store: upstreamStore,
    clock: timers,
    scheduler: timers,
    onError: (error) => {
      throw error;
    },
    // Accepted into an inbox the schedule delivers from, late, twice or out of order; one the
    // shop could not process stays there, as the service retries until it gets a 2xx.
    notifyFetch: async (_input, init) => {
      inbox.push({ body: String(init?.body ?? ""), header: new Headers(init?.headers).get(PARTNER_NOTIFY_HEADER) });
      return new Response(null, { status: 204 });
    },
  });
  const client = createPartnerClient({
    baseUrl: "http://sandbox.test",
    login: "demo",
    apiKey: "demo-key",
    clock: timers,
    sleep: timers.sleep,
    retries: 0,
    fetch: faultyFetch(plan, "upstream", (request) => sandbox.handle(request)),
  });

  const paymentsData: MemoryData = new Map();
  const paymentsSandbox = createPaymentsSandbox({
    kv: createMemoryKv({ data: paymentsData, now: () => timers.now() }),
    clock: timers,
    config: { baseUrl: "http://pay.test", webhookUrl: null, webhookSecret: "whsec_property" },
  });
  const stripe = new Stripe("sk_test_property", {
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(faultyFetch(plan, "payments", (request) => paymentsSandbox.handle(request))),
  });

  const kv = faultyKv(plan, createMemoryKv({ now: () => timers.now() }));
  const vault = createCodeVault(randomBytes(32));
  const deps: AdvanceDeps = {
    kv,
    store: crashingStore(plan, createOrderStore(kv, timers)),
    upstream: crashingUpstream(plan, client),
    payments: crashingPayments(plan, stripePayments(stripe)),
    vault,
    clock: timers,
    leaseMs: 200_000,
    orderLink: (orderId, key) => `https://shop.test/orders/${orderId}?key=${key}`,
    alertOwner: () => undefined,
    policy: {
      reservationMs: params.reservationSeconds * 1000,
      safetyMarginMs: Math.min(5 * 60_000, Math.floor((params.reservationSeconds * 1000) / 5)),
      sessionMs: 30 * 60_000,
      payGiveUpMs: 24 * 3600_000,
      retryBaseMs: 5_000,
      retryMaxMs: 10 * 60_000,
      priceTolerancePercent: 0,
      rates: { storeCurrency: "USD", exchangeRates: {} },
      completedRechecksMs: [3600_000, 24 * 3600_000, 7 * 24 * 3600_000],
      authorizationHoldMs: 6.5 * 24 * 3600_000,
    },
  };
  const nextId = orderIdFactory(timers);
  const orders: string[] = [];

  /** Await a call, moving manual time a second at a time while it waits on the sandboxes' timers. */
  async function settle<T>(call: Promise<T>): Promise<T | Crash> {
    let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
    call.then(
      (value) => (outcome = { ok: true, value }),
      (error: unknown) => (outcome = { ok: false, error }),
    );
    // Between manual seconds the real event loop turns too: some work (WebCrypto's AES-GCM,
    // for one) finishes on the thread pool, which a busy machine makes slow in real time. So a
    // manual second here is one turn of the loop as much as a second: a sweep over many orders
    // took 600–900 of them on a slow day, and a budget of 600 failed such runs as hangs. An
    // hour's worth: a real hang still ends here, and no call of ours waits that long on a timer.
    for (let second = 0; outcome === undefined && second < 3600; second += 1) {
      await timers.advance(1000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Then some real seconds, so that a loaded machine is not mistaken for a hang.
    for (let waited = 0; outcome === undefined && waited < 10_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    if (outcome === undefined) throw new Error("a call did not settle within an hour of manual time and 10 s of real time");
    if (outcome.ok) return outcome.value;
    if (outcome.error instanceof Crash) return outcome.error;
    throw outcome.error;
  }

  async function createOrder(flow: Flow, priceChanged: boolean): Promise<void> {
    const chosen = ITEMS[flow];
    const id = nextId();
    const key = newCapabilityKey();
    const record = newOrderRecord(
      {
        id,
        flow: chosen.flow,
        capabilityHash: capabilityHash(key),
        capabilitySealed: vault.seal(key, id),
        email: "buyer@example.com",
        item: chosen.item,
        account: chosen.account,
        activation: false,
        test: false,
        quote: { price: { minor: chosen.price, currency: "USD" }, cost: { minor: chosen.cost - (priceChanged ? 1 : 0), currency: "USD" } },
      },
      timers.now(),
    );
    // A failed create is a checkout that answered 503. With its reply lost, the order may
    // exist all the same: the sweep then takes it on, and it is checked like any other.
    orders.push(id);
    const created = await deps.store.create(record);
    if (created.ok) await settle(advance(id, deps, { wake: true }));
  }

  function orderAt(index: number): string | null {
    return orders.length === 0 ? null : (orders[index % orders.length] ?? null);
  }

  /** The buyer on the hosted page of the order's open session, if it has one. */
  async function pay(index: number, card: string): Promise<void> {
    const id = orderAt(index);
    if (!id) return;
    const read = await deps.store.read(id).catch(() => null);
    const url = read?.ok ? read.value.record.payment.url : null;
    if (!url) return;
    await paymentsSandbox.handle(new Request(url, { method: "POST", body: new URLSearchParams({ card_number: card }) }));
  }

  /** A verified Stripe event naming the order, as the webhook route hands it on. */
  async function paymentEvent(index: number): Promise<void> {
    const id = orderAt(index);
    if (!id) return;
    const onEvent = paymentEventHandler((orderId) => advance(orderId, deps, { wake: true, reason: { kind: "payment" } }));
    await settle(onEvent({ id: `evt_${index}`, type: "checkout.session.completed", data: { object: { metadata: { order_id: id } } } } as never)).catch(
      (error: unknown) => {
        // The route answers 500 and Stripe retries; the sweep has the order due meanwhile.
        if (!(error instanceof Error && error.message.includes("not advanced"))) throw error;
      },
    );
  }

  /** Deliver one waiting notification; `keep` leaves it in the inbox to be delivered again. */
  async function notify(pick: number, keep: boolean): Promise<void> {
    if (inbox.length === 0) return;
    const index = pick % inbox.length;
    const note = inbox[index];
    if (!note) return;
    const answer = await settle(
      handlePartnerNotification(note.header, note.body, {
        secret: NOTIFY_SECRET,
        read: async (orderId) => {
          const read = await deps.store.read(orderId);
          return read.ok ? { ok: true, value: read.value.record } : read;
        },
        advance: (orderId, upstreamStatus) => advance(orderId, deps, { wake: true, reason: upstreamStatus === undefined ? undefined : { kind: "upstream", status: upstreamStatus } }),
      }),
    );
    if (!(answer instanceof Crash) && answer.status < 300 && !keep) inbox.splice(index, 1);
  }

  async function step(index: number, wake: boolean): Promise<void> {
    const id = orderAt(index);
    if (id) await settle(advance(id, deps, { wake }));
  }

  async function together(a: number, b: number): Promise<void> {
    const first = orderAt(a);
    const second = orderAt(b);
    if (!first || !second) return;
    await settle(Promise.all([advance(first, deps, { wake: true }), advance(second, deps, { wake: true })]));
  }

  async function runSweep(): Promise<void> {
    await settle(sweep(deps));
  }

  /**
   * After the schedule: no more faults; deliver every notification and sweep while time moves
   * on, until nothing is due and nothing waits in the inbox (or ten days have passed).
   */
  async function finish(): Promise<void> {
    plan.disarm();
    for (let round = 0; round < 960; round += 1) {
      while (inbox.length > 0) await notify(0, false);
      await runSweep();
      const due = await kv.zCard("checkout:due");
      if (due === 0 && inbox.length === 0 && round > 0) {
        // Past every supplier latency, refund and notification retry: a last look, then stop.
        await timers.advance(3 * 3600_000);
        if (inbox.length === 0 && (await kv.zCard("checkout:due")) === 0) return;
      }
      await timers.advance(15 * 60_000);
    }
  }

  async function ourOrders(): Promise<OrderRecord[]> {
    const records: OrderRecord[] = [];
    for (const id of orders) {
      const read = await deps.store.read(id);
      if (!read.ok && read.error.code === "not_found") continue;
      if (!read.ok) throw new Error(`order ${id} unreadable after the schedule: ${read.error.code}`);
      records.push(read.value.record);
    }
    return records;
  }

  async function upstreamOrders(): Promise<UpstreamOrder[]> {
    return upstreamStore.listOrdersCreatedBetween(PARTNER_ID, 0, Number.MAX_SAFE_INTEGER);
  }

  function paymentObjects<T>(kind: "pi" | "cs" | "re"): T[] {
    const prefix = `payments-sandbox:${kind}:`;
    const found: T[] = [];
    for (const [key, entry] of paymentsData) {
      if (key.startsWith(prefix) && entry.t === "s") found.push(JSON.parse(entry.v) as T);
    }
    return found;
  }

  return {
    params,
    plan,
    timers,
    orders,
    inbox,
    createOrder,
    pay,
    paymentEvent,
    notify,
    step,
    together,
    runSweep,
    finish,
    ourOrders,
    upstreamOrders,
    upstreamBalance: () => upstreamStore.getBalanceMinor(PARTNER_ID),
    intents: () => paymentObjects<StoredPaymentIntent>("pi"),
    sessions: () => paymentObjects<StoredSession>("cs"),
    refunds: () => paymentObjects<{ payment_intent: string; amount: number }>("re"),
    close: () => sandbox.close(),
  };
}
