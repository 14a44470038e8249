// One world per property-test schedule: the Partner API sandbox and the payments sandbox on
// manual time, our real partner client and the stripe package in front of them, the order
// store on an in-memory KV, and faults between all of them. Everything runs in microtasks and
// on manual timers, so a schedule replays the same way every time. Besides the faults on the
// wire and in the process, a schedule can move the clock by days, rotate the code key between
// two deployments, spoil one order's record and leave an index entry whose order is gone.
// The shop's owner acts in it too (owner-world.ts): refunds, cancels and re-drives, repeated and
// at once, with the same faults around them.
import { createHash } from "node:crypto";
import Stripe from "stripe";
import { alertNoteText } from "@/lib/checkout/alert-notes";
import { advance, type AdvanceDeps } from "@/lib/checkout/advance";
import { createCodeVault, type CodeVault } from "@/lib/checkout/code-vault";
import { newOrderRecord } from "@/lib/checkout/new-order";
import { capabilityHash, newCapabilityKey, orderIdFactory } from "@/lib/checkout/order-id";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { refundListeners } from "@/lib/checkout/owner-actions";
import { checkoutNotificationDeps } from "@/lib/checkout/http/post-partner-notification";
import { handlePartnerNotification } from "@/lib/checkout/partner-notification";
import { PARTNER_NOTIFY_HEADER } from "@/lib/partner/notify-contract";
import { buyerOrder } from "@/lib/checkout/buyer-order";
import { paymentEventHandler } from "@/lib/checkout/payment-events";
import { publicOrder } from "@/lib/checkout/public-order";
import { createOrderStore, ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { stripePayments } from "@/lib/checkout/stripe-payments";
import { sweep } from "@/lib/checkout/sweep";
import { createPartnerClient } from "@/lib/partner/client";
import { createPaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import type { StoredPaymentIntent, StoredSession } from "@/lib/payments-sandbox/objects/records";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { createMemoryStore } from "@/lib/sandbox/store/memory-store";
import type { OrderRecord as UpstreamOrder } from "@/lib/sandbox/store/records";
import type { Kv } from "@/lib/kv/kv";
import { ManualTimers } from "@/tests/support/partner-client/manual-timers";
import { createMemoryKv, type MemoryData } from "../memory-kv";
import { Crash, crashingPayments, crashingStore, crashingUpstream, faultyKv, FaultPlan } from "./faults";
import { ITEMS, NOTIFY_SECRET, PARTNER_ID, propertyFixture, type Flow, type WorldParams } from "./property-fixture";
import { ownerWorld, watchCancels, type AcceptedCancel } from "./owner-world";
import { faultyFetch } from "./wire-faults";

export type { Flow, WorldParams } from "./property-fixture";

/** A code key as an operator sets CHECKOUT_CODE_KEY: the n-th deployment's, derived so a schedule replays. */
function codeKey(n: number): Uint8Array {
  return createHash("sha256").update(`property code key ${n}`).digest();
}

export type World = Awaited<ReturnType<typeof createWorld>>;

export async function createWorld(params: WorldParams) {
  const timers = new ManualTimers();
  const plan = new FaultPlan();

  const fixture = propertyFixture(params);

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
  /** Every body the shop sent under each idempotency key (Stripe's header; upstream's ext_order_id). */
  const sentUnderKey = new Map<string, Set<string>>();
  const client = createPartnerClient({
    baseUrl: "http://sandbox.test",
    login: "demo",
    apiKey: "demo-key",
    clock: timers,
    sleep: timers.sleep,
    retries: 0,
    fetch: recordKeyed(sentUnderKey, upstreamKey, faultyFetch(plan, "upstream", timers, (request) => sandbox.handle(request))),
  });

  const paymentsData: MemoryData = new Map();
  const paymentsSandbox = createPaymentsSandbox({
    kv: createMemoryKv({ data: paymentsData, now: () => timers.now() }),
    clock: timers,
    config: { baseUrl: "http://pay.test", webhookUrl: null, webhookSecret: "whsec_property" },
  });
  /** Runs once, after the next read of a payment page and before its answer reaches the run that asked. */
  let afterPaymentRead: (() => Promise<void>) | null = null;
  /** Every idempotency key under which the payments sandbox answered with each refund. */
  const refundKeys = new Map<string, Set<string>>();
  /** The payments sandbox, noting which key each refund it made or replayed was asked under. */
  async function paymentsService(request: Request): Promise<Response> {
    const key = request.headers.get("idempotency-key");
    const response = await paymentsSandbox.handle(request);
    const meanwhile = request.method === "GET" && new URL(request.url).pathname.startsWith("/v1/checkout/sessions/") ? afterPaymentRead : null;
    if (meanwhile) {
      afterPaymentRead = null;
      await meanwhile();
    }
    if (request.method === "POST" && new URL(request.url).pathname === "/v1/refunds" && response.ok && key !== null) {
      const { id } = (await response.clone().json()) as { id: string };
      refundKeys.set(id, (refundKeys.get(id) ?? new Set()).add(key));
    }
    return response;
  }
  const stripe = new Stripe("sk_test_property", {
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(
      recordKeyed(sentUnderKey, (request) => request.headers.get("idempotency-key"), faultyFetch(plan, "payments", timers, paymentsService)),
    ),
  });

  /** Every cancel the owner got accepted, with what upstream held then. */
  const cancels: AcceptedCancel[] = [];
  async function acceptedCancel(before: OrderRecord): Promise<AcceptedCancel> {
    const upstream = (await upstreamStore.listOrdersCreatedBetween(PARTNER_ID, 0, Number.MAX_SAFE_INTEGER)).find((u) => u.extOrderId === before.id);
    return { orderId: before.id, flow: before.flow, from: before.state, upstreamStatus: upstream?.status ?? null, paySent: sentUnderKey.has(`ext_order_id:${before.id}`) };
  }

  const rawKv = createMemoryKv({ now: () => timers.now() });
  const kv = faultyKv(plan, params.leases ? rawKv : leaselessKv(rawKv));
  /** Every code key the shop has run with, the current one last. */
  const vaults: CodeVault[] = [createCodeVault(codeKey(0))];
  /** What the checkout told the owner, by order. */
  const alerts: { orderId: string; message: string; at: number }[] = [];
  const deps: AdvanceDeps = {
    kv,
    store: crashingStore(plan, watchCancels(createOrderStore(kv, timers), async (before) => void cancels.push(await acceptedCancel(before)))),
    upstream: crashingUpstream(plan, client),
    payments: crashingPayments(plan, stripePayments(stripe)),
    vault: vaults[0] as CodeVault,
    clock: timers,
    leaseMs: 200_000,
    orderLink: (orderId, key) => `https://shop.test/orders/${orderId}?key=${key}`,
    conversionRates: async () => ({ storeCurrency: "USD", exchangeRates: {} }),
    alertOwner: (orderId, note) => void alerts.push({ orderId, message: alertNoteText(note), at: timers.now() }),
    policy: {
      reservationMs: params.reservationSeconds * 1000,
      safetyMarginMs: Math.min(5 * 60_000, Math.floor((params.reservationSeconds * 1000) / 5)),
      sessionMs: 30 * 60_000,
      payGiveUpMs: 24 * 3600_000,
      retryBaseMs: 5_000,
      retryMaxMs: 10 * 60_000,
      priceTolerancePercent: 0,
      completedRechecksMs: [3600_000, 24 * 3600_000, 7 * 24 * 3600_000],
      authorizationHoldMs: 6.5 * 24 * 3600_000,
    },
  };
  const nextId = orderIdFactory(timers);
  const orders: string[] = [];
  /** Orders whose record a fault spoilt: out of the per-order checks, and the sweep must go on without them. */
  const corrupted = new Set<string>();
  /** Index entries whose order was never stored. */
  const orphans: string[] = [];

  /**
   * Await a call, moving manual time a second at a time while it waits on the sandboxes' timers.
   * One settle is one process: a crash anywhere in it kills every run it has going, and the
   * next settle is a new process.
   */
  async function settle<T>(call: Promise<T>): Promise<T | Crash> {
    let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
    call.then(
      (value) => (outcome = { ok: true, value }),
      (error: unknown) => (outcome = { ok: false, error }),
    );
    let death: Crash | null = null;
    try {
      // Between manual seconds the real event loop turns too: some work (WebCrypto's AES-GCM,
      // for one) finishes on the thread pool, which a busy machine makes slow in real time. So a
      // manual second here is one turn of the loop as much as a second: a sweep over many orders
      // took 600–900 of them on a slow day, and a budget of 600 failed such runs as hangs. An
      // hour's worth: a real hang still ends here, and no call of ours waits that long on a timer.
      for (let second = 0; outcome === undefined && second < 3600; second += 1) {
        await timers.advance(1000);
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Then up to a real minute, so that a loaded machine is not mistaken for a hang (at a load
      // of 6 on 2 cores, 10 s was not always enough for the thread pool's crypto to come back).
      for (let waited = 0; outcome === undefined && waited < 60_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      death = plan.revive();
      if (death) await noteDeadLeases();
    }
    if (outcome === undefined) throw new Error("a call did not settle within an hour of manual time and a minute of real time");
    // A process that died returns nothing, whatever its code made of the crash (advance records
    // a throwing step on its order, the sweep goes on to the next order: neither can write now).
    if (death) return death;
    if (outcome.ok) return outcome.value;
    if (outcome.error instanceof Crash) throw new Error(`a Crash escaped without the process dying: ${outcome.error.message}`);
    throw outcome.error;
  }

  /** The leases the dead process left, held until their TTL ends (it renews nothing). */
  async function noteDeadLeases(): Promise<void> {
    for (const id of orders) {
      if ((await rawKv.get(`checkout:lease:${id}`)) !== null) deadLeases.set(id, timers.now() + deps.leaseMs);
    }
  }

  /** Each order's capability key, as the buyer's link carries it. */
  const keys = new Map<string, string>();

  async function createOrder(flow: Flow, priceChanged: boolean): Promise<void> {
    const chosen = ITEMS[flow];
    const id = nextId();
    const key = newCapabilityKey();
    keys.set(id, key);
    const record = newOrderRecord(
      {
        id,
        flow: chosen.flow,
        capabilityHash: capabilityHash(key),
        capabilitySealed: deps.vault.seal(key, id),
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
    await settle(
      (async () => {
        const created = await deps.store.create(record);
        if (created.ok) await advance(id, deps, { kind: "wake", reason: { kind: "any" } });
      })(),
    );
  }

  function orderAt(index: number): string | null {
    return orders.length === 0 ? null : (orders[index % orders.length] ?? null);
  }

  const rawStore = createOrderStore(rawKv, timers);
  const peek = async (orderId: string) => {
    const read = await rawStore.read(orderId);
    return read.ok ? read.value.record : null;
  };
  const owner = ownerWorld({ deps, plan, orderAt, orders, peek, settle, alerts });
  // As the shop wires it (shop-checkout.ts): whichever run refunds an order finishes the owner's refunds on it.
  deps.onRefunded = (order) => refundListeners(owner.ownerDeps()).onRefunded(order);

  /** The buyer on the hosted page of the order's open session, if it has one. */
  async function pay(index: number, card: string): Promise<void> {
    const id = orderAt(index);
    if (!id) return;
    const read = await deps.store.read(id).catch(() => null);
    const url = read?.ok ? read.value.record.payment.url : null;
    if (!url) return;
    await paymentsSandbox.handle(new Request(url, { method: "POST", body: new URLSearchParams({ card_number: card }) }));
  }

  /**
   * The buyer back from the payment page: the order page's first render. A return that claimed
   * the look (the first of a burst) and rendered while the buyer's money was held is a wake-up
   * answered 2xx, judged like the webhook's.
   */
  async function buyerReturn(index: number): Promise<void> {
    const id = orderAt(index);
    const key = id === null ? undefined : keys.get(id);
    if (!id || !key) return;
    const at = timers.now();
    const stored = intentOf(id);
    const authorized = stored !== null && effectiveStatus(stored) === "requires_capture";
    const claim = `checkout:payment-return:${id}`;
    const unclaimed = (await rawKv.get(claim)) === null;
    const page = await settle(buyerOrder(id, key, deps, { paymentReturn: true, sleep: timers.timedSleep }));
    const claimed = unclaimed && (await rawKv.get(claim)) !== null;
    if (!(page instanceof Crash) && page.ok && claimed && authorized && !plan.dead) wakes.push({ orderId: id, at, kind: "payment" });
  }

  /** A verified Stripe event naming the order, as the webhook route hands it on. */
  async function paymentEvent(index: number): Promise<void> {
    const id = orderAt(index);
    if (id) await settle(paymentEventCall(id, index));
  }

  /** The webhook's handling of one event, its 200 written down as a wake-up the order must not lose. */
  async function paymentEventCall(id: string, index: number): Promise<void> {
    const at = timers.now();
    const stored = intentOf(id);
    const authorized = stored !== null && effectiveStatus(stored) === "requires_capture";
    const onEvent = paymentEventHandler((orderId) => advance(orderId, deps, { kind: "wake", reason: { kind: "payment" } }));
    try {
      await onEvent({ id: `evt_${index}`, type: "checkout.session.completed", data: { object: { metadata: { order_id: id } } } } as never);
    } catch (error) {
      // The route answers 500 and Stripe retries; the sweep has the order due meanwhile.
      if (!(error instanceof Error && error.message.includes("not advanced"))) throw error;
      return;
    }
    if (authorized && !plan.dead) wakes.push({ orderId: id, at, kind: "payment" });
  }

  /**
   * Wake-ups answered 2xx: a payment event while the buyer's money was held, or an upstream
   * notification of an accepted pay-first order's current status. Once nothing runs, each order
   * must have been looked at for them, with no sweep to make up for one that was lost.
   */
  const wakes: { orderId: string; at: number; kind: "payment" | "notification" }[] = [];
  /** Orders a dead process held the lease of, until when: a wake-up then waits for the sweep. */
  const deadLeases = new Map<string, number>();
  let judgedWakes = 0;

  /** Deliver one waiting notification; `keep` leaves it in the inbox to be delivered again. */
  async function notify(pick: number, keep: boolean): Promise<void> {
    if (inbox.length === 0) return;
    const index = pick % inbox.length;
    const note = inbox[index];
    if (!note) return;
    const noted = noteOrder(note);
    const at = timers.now();
    const judged = noted !== null && (await currentNote(noted, note.body));
    const answer = await settle(
      handlePartnerNotification(note.header, note.body, checkoutNotificationDeps(deps, NOTIFY_SECRET)),
    );
    if (!(answer instanceof Crash) && answer.status < 300 && judged && noted !== null) wakes.push({ orderId: noted, at, kind: "notification" });
    if (!(answer instanceof Crash) && answer.status < 300 && !keep) inbox.splice(index, 1);
  }

  /** A notification of the status upstream holds now, about a pay-first order accepted and being followed. */
  async function currentNote(orderId: string, body: string): Promise<boolean> {
    const status = (JSON.parse(body) as { order_status?: unknown }).order_status;
    const placed = (await upstreamOrders()).find((u) => u.extOrderId === orderId);
    const record = await peek(orderId);
    return record?.state === "fulfilling" && placed !== undefined && Number(status) === placed.status && [2, 3, 4].includes(placed.status);
  }

  /**
   * Every wake-up answered 2xx was looked at: its order moved on from the state the event found
   * it in, or recorded a look (a try that failed, with its backoff) at or after the event. Judged
   * with nothing running and no sweep since. A wake-up that found the lease held by a process
   * that died waits for the sweep (the mark has nobody to find it): left out.
   */
  async function lostWakes(): Promise<string[]> {
    const lost: string[] = [];
    for (const wake of wakes.splice(0)) {
      judgedWakes += 1;
      if (corrupted.has(wake.orderId) || (deadLeases.get(wake.orderId) ?? 0) > wake.at) continue;
      const record = await peek(wake.orderId);
      if (!record) continue;
      const waiting = wake.kind === "payment" ? ["created", "reserved", "awaiting_payment"] : ["fulfilling"];
      const looked = record.events.some((event) => event.at >= wake.at);
      if (waiting.includes(record.state) && !looked) lost.push(`${wake.kind} wake-up of ${wake.orderId} at ${new Date(wake.at).toISOString()} lost: still ${record.state}`);
    }
    return lost;
  }

  /**
   * A run of one order; `short`: in a function whose time limit leaves room for its first step
   * only, so it stops at the next safe point and leaves the rest to a later run.
   */
  async function step(index: number, wake: boolean, short = false): Promise<void> {
    const id = orderAt(index);
    const runDeps: AdvanceDeps = short ? { ...deps, runDeadline: { stopBy: timers.now() + 1_000, stepMs: 170_000 } } : deps;
    if (id) await settle(advance(id, runDeps, wake ? { kind: "wake", reason: { kind: "any" } } : { kind: "poll" }));
  }

  /**
   * Runs of one order at once: woken runs, the buyer paying and the payment webhook's run, and a sweep. Without leases all
   * of them act; with them, the ones kept out leave their wake-up to the holder.
   */
  async function race(index: number, runs: number, withEvent: boolean, withSweep: boolean): Promise<void> {
    const id = orderAt(index);
    if (!id) return;
    const calls: Promise<unknown>[] = Array.from({ length: runs }, () => advance(id, deps, { kind: "wake", reason: { kind: "any" } }));
    // The buyer pays just after a run read the payment page, and the webhook follows while that
    // run still holds the order: it must find the webhook's wake-up when it lets go.
    const paidMeanwhile = async () => {
      await pay(index, "4242424242424242");
      await paymentEventCall(id, index);
    };
    if (withEvent) afterPaymentRead = paidMeanwhile;
    if (withSweep) calls.push(sweep(deps));
    await settle(
      Promise.allSettled(calls).then(async (done) => {
        for (const run of done) if (run.status === "rejected") throw run.reason;
        // No run read the payment page: the buyer pays and the webhook comes after them.
        if (afterPaymentRead === paidMeanwhile) {
          afterPaymentRead = null;
          await paidMeanwhile();
        }
      }),
    );
  }

  async function together(a: number, b: number): Promise<void> {
    const first = orderAt(a);
    const second = orderAt(b);
    if (!first || !second) return;
    // Both runs end before the process does: one that dies takes the other with it.
    await settle(
      Promise.allSettled([advance(first, deps, { kind: "wake", reason: { kind: "any" } }), advance(second, deps, { kind: "wake", reason: { kind: "any" } })]).then(([a, b]) => {
        for (const run of [a, b]) if (run?.status === "rejected") throw run.reason;
      }),
    );
  }

  /** Time passes with nobody looking (no cron, the shop down): an hour, a day, a week. */
  async function jump(hours: number): Promise<void> {
    await timers.advance(hours * 3600_000);
  }

  /** The next deployment runs with a new CHECKOUT_CODE_KEY; what the old one sealed no longer opens. */
  function rotateKey(): void {
    const next = createCodeVault(codeKey(vaults.length));
    vaults.push(next);
    deps.vault = next;
  }

  /** The order's record is overwritten with one its schema rejects (a bad migration, a hand edit). */
  async function corrupt(index: number): Promise<void> {
    const id = orderAt(index);
    if (!id || corrupted.has(id)) return;
    const text = await rawKv.get(ORDER_KEYS.order(id));
    if (text === null) return;
    corrupted.add(id);
    await rawKv.set(ORDER_KEYS.order(id), JSON.stringify({ ...(JSON.parse(text) as object), state: "archived", attempts: -1 }));
  }

  /** The sweep's index names an order that was never stored (its create's write lost half-way, a hand edit). */
  async function orphanEntry(): Promise<void> {
    const id = nextId();
    orphans.push(id);
    await rawKv.zAdd(ORDER_KEYS.due, timers.now(), id);
  }

  async function runSweep(): Promise<void> {
    await settle(sweep(deps));
  }

  /** The order a notification is about (its ext_order_id). */
  function noteOrder(note: { body: string }): string | null {
    try {
      const body = JSON.parse(note.body) as { ext_order_id?: unknown };
      return typeof body.ext_order_id === "string" ? body.ext_order_id : null;
    } catch {
      return null;
    }
  }

  /**
   * Nothing left to do: no order due now or later and no notification waiting, apart from the
   * spoilt orders (which the sweep postpones for a person) and orders the checkout parked with
   * the owner told (a delivered order whose authorization lapsed), which it looks at daily.
   */
  async function quiet(): Promise<boolean> {
    if (inbox.some((note) => !corrupted.has(noteOrder(note) ?? ""))) return false;
    // Urgent deadlines and completed orders' re-reads alike: both are work still to do.
    const due = [...(await kv.zRangeByScore(ORDER_KEYS.due, { max: Number.MAX_SAFE_INTEGER, limit: 1000 })), ...(await kv.zRangeByScore(ORDER_KEYS.recheck, { max: Number.MAX_SAFE_INTEGER, limit: 1000 }))];
    for (const { member } of due) {
      if (corrupted.has(member)) continue;
      const read = await deps.store.read(member);
      if (read.ok && !parked(read.value.record)) return false;
    }
    return true;
  }

  /** Delivered, its authorization gone before the capture, and the owner told: waits for a person. */
  function parked(record: OrderRecord): boolean {
    const intent = intentOf(record.id);
    return record.state === "delivered" && record.alert !== null && intent !== null && effectiveStatus(intent) === "canceled";
  }

  /**
   * After the schedule: no more faults; deliver the waiting notifications and sweep while time
   * moves on, until nothing is left to do (or ten days have passed).
   */
  async function finish(): Promise<void> {
    plan.disarm();
    for (let round = 0; round < 960; round += 1) {
      // Each waiting notification once a round: one about a spoilt order is refused every time.
      for (const note of [...inbox]) {
        const index = inbox.indexOf(note);
        if (index >= 0) await notify(index, false);
      }
      // The owner re-drives what the admin shows unfinished; then nothing may be left of it.
      const unfinished = await owner.finishRefunds(await ourOrders());
      await runSweep();
      if (round > 0 && !unfinished && (await quiet())) {
        // Past every supplier latency, refund and notification retry: a last look, then stop.
        await timers.advance(3 * 3600_000);
        if (await quiet()) return;
      }
      await timers.advance(15 * 60_000);
    }
  }

  async function ourOrders(): Promise<OrderRecord[]> {
    const records: OrderRecord[] = [];
    for (const id of orders) {
      if (corrupted.has(id)) continue;
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

  function intentOf(orderId: string): StoredPaymentIntent | null {
    return paymentObjects<StoredPaymentIntent>("pi").find((i) => i.intent.metadata.order_id === orderId) ?? null;
  }

  /** The intent's status as Stripe would answer now: an authorization past its hold has lapsed, read or not. */
  function effectiveStatus(stored: StoredPaymentIntent): string {
    const lapsed = stored.intent.status === "requires_capture" && stored.capture_before_ms !== null && timers.now() >= stored.capture_before_ms;
    return lapsed ? "canceled" : stored.intent.status;
  }

  return {
    params,
    plan,
    timers,
    orders,
    inbox,
    alerts,
    corrupted,
    orphans,
    vaults,
    deps,
    owner,
    cancels,
    /** Every idempotency key the payments sandbox answered with this refund (one, however often asked). */
    refundKeysOf: (refundId: string) => [...(refundKeys.get(refundId) ?? [])],
    jump,
    rotateKey,
    corrupt,
    orphanEntry,
    parked,
    effectiveStatus,
    /** The order as its buyer sees it with the current code key. */
    shown: (record: OrderRecord) => publicOrder(record, deps.vault),
    dueIds: async () =>
      [...(await rawKv.zRangeByScore(ORDER_KEYS.due, { max: Number.MAX_SAFE_INTEGER, limit: 1000 })), ...(await rawKv.zRangeByScore(ORDER_KEYS.recheck, { max: Number.MAX_SAFE_INTEGER, limit: 1000 }))].map((e) => e.member),
    createOrder,
    pay,
    paymentEvent,
    buyerReturn,
    notify,
    step,
    together,
    race,
    lostWakes,
    /** How many wake-ups answered 2xx were judged so far. */
    judgedWakes: () => judgedWakes,
    runSweep,
    finish,
    ourOrders,
    upstreamOrders,
    upstreamBalance: () => upstreamStore.getBalanceMinor(PARTNER_ID),
    intents: () => paymentObjects<StoredPaymentIntent>("pi"),
    sessions: () => paymentObjects<StoredSession>("cs"),
    /** Keys under which the shop sent more than one set of parameters: each must be none. */
    keysSentTwoWays: () => [...sentUnderKey].filter(([, bodies]) => bodies.size > 1).map(([key, bodies]) => ({ key, bodies: [...bodies] })),
    refunds: () => paymentObjects<{ id: string; payment_intent: string; amount: number }>("re"),
    close: () => sandbox.close(),
  };
}

/** A KV in which every run gets the order's lease: as if there were none. */
function leaselessKv(kv: Kv): Kv {
  return new Proxy(kv, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (name !== "setIfAbsent" || typeof value !== "function") return value;
      return async (key: string, text: string, options?: { ttlMs?: number }) =>
        key.startsWith("checkout:lease:") ? (await object.set(key, text, options), true) : (value as Kv["setIfAbsent"]).call(object, key, text, options);
    },
  });
}

/** /api/pay is keyed by our ext_order_id: duplicate protection answers a repeat with the first order. */
function upstreamKey(request: Request, body: string): string | null {
  if (!request.url.endsWith("/api/pay")) return null;
  const ext = /ext_order_id"?[:=]"?([0-9A-Z]+)/.exec(body)?.[1];
  return ext ? `ext_order_id:${ext}` : null;
}

/** A fetch that writes down what it sends under each key before sending it on. */
function recordKeyed(
  sent: Map<string, Set<string>>,
  keyOf: (request: Request, body: string) => string | null,
  inner: typeof fetch,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = await request.clone().text();
    const key = keyOf(request, body);
    if (key !== null) sent.set(key, (sent.get(key) ?? new Set()).add(body));
    return inner(request);
  };
}
