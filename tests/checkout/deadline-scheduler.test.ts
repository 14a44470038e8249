// No deadline waits for traffic: with nobody's page open, no webhook after the first and no
// sweep, the scheduler alone acts on each deadline within a minute of its coming due. The shop
// publishes its deadlines with the real @upstash/qstash client to the QStash emulation, which
// delivers them, signed, to the shop's deadline handler, verified by the real Receiver. Time is
// the harness's manual clock: a minute passes in a second at most.
import { Client, Receiver } from "@upstash/qstash";
import { afterEach, describe, expect, it } from "vitest";
import { advance, type AdvanceDeps } from "@/lib/checkout/advance";
import { sendOrderEmail } from "@/lib/checkout/order-email";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { createOrderStore, ORDER_KEYS, type OrderStore } from "@/lib/checkout/store/order-store";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { acquireLock } from "@/lib/kv/lock";
import type { Mailer, MailMessage } from "@/lib/mail/mailer";
import { createQstashSandbox, type QstashSandbox } from "@/lib/qstash-sandbox/create-qstash-sandbox";
import { serveQstashSandbox, type RunningQstashSandbox } from "@/lib/qstash-sandbox/serve";
import { actOnDeadline } from "@/lib/scheduler/act-on-deadline";
import { qstashAlarm } from "@/lib/scheduler/qstash-alarm";
import { receiveDeadline } from "@/lib/scheduler/receive-deadline";
import { err, ok } from "@/lib/result";
import { RESERVED_ITEM, TOPUP_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();
const SIGNING_KEY = "sig_test_signing_key";
const TOKEN = "qstash-test-token";
const DEADLINE_URL = "https://shop.test/api/scheduler/deadline";
const MINUTE = 60_000;
/** The shop's lease (lib/shop/checkout.ts), not the harness's long one: a dead run's lease lapses within it. */
const LEASE_MS = 15_000;

let served: RunningQstashSandbox | null = null;
afterEach(async () => {
  await served?.close();
  served = null;
});

/** The harness's shop with QStash as its scheduler, and a mailer that fails its first `failures` sends. */
async function scheduledShop(h: CheckoutHarness, { mailFailures = 0, captureFailures = 0, failSaveFrom = null as string | null, leaseMs = h.deps.leaseMs } = {}) {
  const sent: MailMessage[] = [];
  let failures = mailFailures;
  const mailer: Mailer = {
    send: async (message) => {
      if (failures > 0) {
        failures -= 1;
        return err({ code: "mail_failed", message: "SMTP unavailable" });
      }
      sent.push(message);
      return ok({ where: "test" });
    },
  };
  const receiver = new Receiver({ currentSigningKey: SIGNING_KEY, nextSigningKey: "sig_next_key" });
  let deps: AdvanceDeps | null = null;
  const deliveries: number[] = [];
  const handler = (request: Request) =>
    receiveDeadline(request, {
      receiver,
      url: DEADLINE_URL,
      act: (message) =>
        actOnDeadline(message, {
          orders: async () => deps!,
          email: async () => ({ ...deps!, alarm: undefined, mailer, shopName: "Test Shop" }),
          sweep: () => Promise.reject(new Error("no sweep runs in these tests")),
        }),
    });
  const qstash: QstashSandbox = createQstashSandbox({
    config: { token: TOKEN, currentSigningKey: SIGNING_KEY },
    clock: h.timers,
    fetch: async (url, init) => {
      const answer = await handler(new Request(url, init));
      deliveries.push(answer.status);
      return answer;
    },
  });
  served = await serveQstashSandbox(qstash);
  const alarm = qstashAlarm({ client: new Client({ baseUrl: served.baseUrl, token: TOKEN, retry: false }), deliveryUrl: DEADLINE_URL });
  deps = { ...h.deps, payments: failingCaptures(h.deps.payments, captureFailures), store: failingSaveOnce(createOrderStore(h.kv, h.timers, alarm), failSaveFrom), alarm, leaseMs };
  const shop = deps;

  return {
    deps: shop,
    sent,
    deliveries,
    mail: { ...shop, mailer, shopName: "Test Shop" },
    /** Nobody does anything for `ms`: time passes `stepMs` at a time and the scheduler delivers what is due. */
    async idle(ms: number, stepMs = 1000): Promise<void> {
      for (let passed = 0; passed < ms; passed += stepMs) {
        await h.timers.advance(stepMs);
        await h.run(qstash.deliverDue(), { stepMs: 10 });
      }
    },
    /**
     * The shop as a process that dies once its run sends /api/pay: the pay never reaches
     * upstream, and from then on none of its KV calls completes (its heartbeat renews nothing
     * and it never lets go of the lease). Its QStash client still works, as a message it
     * published before it died was sent.
     */
    dying(): { deps: AdvanceDeps; died: Promise<void> } {
      let frozen = false;
      let die: () => void = () => undefined;
      const died = new Promise<void>((resolve) => {
        die = resolve;
      });
      const never = new Promise<never>(() => undefined);
      const kv = new Proxy(h.kv, {
        get(target, name) {
          const value: unknown = Reflect.get(target, name);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => (frozen ? never : (value as (...a: unknown[]) => unknown).apply(target, args));
        },
      }) as Kv;
      const upstream = new Proxy(shop.upstream, {
        get(target, name) {
          const value: unknown = Reflect.get(target, name);
          if (name === "pay") {
            return () => {
              frozen = true;
              die();
              return never;
            };
          }
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      return { deps: { ...shop, kv, upstream, store: createOrderStore(kv, h.timers, alarm) }, died };
    },
    async order(id: string): Promise<OrderRecord> {
      const read = await shop.store.read(id);
      if (!read.ok) throw new Error(read.error.code);
      return read.value.record;
    },
  };
}

/**
 * Runs `run` with deps whose upstream /api/pay is watched, and moves manual time a second per
 * few real milliseconds while, and only while, that call waits for its answer. Time moved on
 * real time while the run did its own work (KV writes before the pay or after its answer) ran on
 * past what the test meant to happen, on a loaded machine.
 */
async function whilePayWaits<T>(h: CheckoutHarness, deps: AdvanceDeps, run: (deps: AdvanceDeps) => Promise<T>): Promise<T> {
  let waiting = false;
  const upstream = new Proxy(deps.upstream, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name);
      if (typeof value !== "function") return value;
      const method = (value as (...a: unknown[]) => Promise<unknown>).bind(target);
      if (name !== "pay") return method;
      return async (...args: unknown[]) => {
        waiting = true;
        try {
          return await method(...args);
        } finally {
          waiting = false;
        }
      };
    },
  });
  let settled = false;
  const call = run({ ...deps, upstream });
  void call.finally(() => (settled = true));
  // A bound in real time, as h.run has: a run that never settles fails here, not after the test.
  const realDeadline = Date.now() + 30_000;
  while (!settled) {
    if (Date.now() > realDeadline) throw new Error("the run never settled");
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (waiting) await h.timers.advance(1000);
  }
  return call;
}

/** The payments whose first `count` captures fail on the way there (the provider never saw them). */
function failingCaptures(payments: AdvanceDeps["payments"], count: number): AdvanceDeps["payments"] {
  let left = count;
  return new Proxy(payments, {
    get(target, name) {
      if (name === "capture" && left > 0) {
        return async () => {
          left -= 1;
          return err({ code: "network", message: "connection reset before the request was sent", mayHaveTakenEffect: false });
        };
      }
      const value: unknown = Reflect.get(target, name);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The store whose first save of an order in state `from` fails with KV trouble (the order stays as it was). */
function failingSaveOnce(store: OrderStore, from: string | null): OrderStore {
  let armed = from !== null;
  return {
    ...store,
    save: async (current, change, letGo) => {
      if (armed && current.record.state === from) {
        armed = false;
        return err({ code: "kv_error", error: new KvError("unavailable", "connection reset") });
      }
      return store.save(current, change, letGo);
    },
  };
}

describe("deadlines with no traffic, on the emulated QStash", () => {
  it("a run stopped by KV trouble with its order due now is continued within a minute", async () => {
    const h = await newHarness();
    // The payment webhook's run moves the order to authorized (due now, to go on at once), and
    // its next save fails: the run stops with the order due and nobody's page open.
    const shop = await scheduledShop(h, { failSaveFrom: "authorized" });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.run(advance(id, shop.deps));
    h.payments.authorize(id);
    const stopped = await h.run(advance(id, shop.deps, { kind: "wake", reason: { kind: "any" } }));
    expect(stopped.ok).toBe(false);
    const waiting = await shop.order(id);
    expect(waiting.state).toBe("authorized");
    expect(waiting.nextCheckAt).toBeLessThanOrEqual(h.timers.now());
    await shop.idle(MINUTE);
    expect(await shop.order(id)).toMatchObject({ state: "completed" });
  });

  it("a confirm that fails once is confirmed and captured within a minute", async () => {
    const h = await newHarness();
    const shop = await scheduledShop(h);
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.run(advance(id, shop.deps));
    h.payments.authorize(id);
    // A gateway in between fails the confirm before upstream sees it: a transient failure.
    h.replaceAnswers.push({ path: "/api/order_update", acted: false, answer: () => new Response("Bad gateway", { status: 502 }) });
    // The payment webhook's one run: the confirm fails and the order waits for its retry.
    await h.run(advance(id, shop.deps, { kind: "wake", reason: { kind: "any" } }), { stepMs: 10 });
    const waiting = await shop.order(id);
    expect(waiting).toMatchObject({ state: "authorized", attempts: 1 });
    await shop.idle(MINUTE);
    expect(await shop.order(id)).toMatchObject({ state: "completed" });
    expect(h.payments.byOrder(id).intent?.status).toBe("succeeded");
  });

  it("a capture that fails once is captured within a minute: the code is shown for money taken", async () => {
    const h = await newHarness();
    const shop = await scheduledShop(h, { captureFailures: 1 });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.run(advance(id, shop.deps));
    h.payments.authorize(id);
    await h.run(advance(id, shop.deps, { kind: "wake", reason: { kind: "any" } }));
    expect((await shop.order(id)).state).toBe("delivered");
    await shop.idle(MINUTE);
    expect(await shop.order(id)).toMatchObject({ state: "completed" });
  });

  it("a pay-first top-up left pending upstream is completed within a minute of upstream finishing it", async () => {
    const h = await newHarness((f) => {
      const service = f.services[1];
      if (service) service.supplier = { ...service.supplier, latency_seconds: 120 };
    });
    const shop = await scheduledShop(h);
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.run(advance(id, shop.deps));
    h.payments.authorize(id);
    const paidAt = h.timers.now();
    // The payment webhook's run: /api/pay is held upstream for its minute (sync_wait_seconds),
    // then answered pending, a minute before upstream finishes.
    await whilePayWaits(h, shop.deps, (deps) => advance(id, deps, { kind: "wake", reason: { kind: "any" } }));
    expect((await shop.order(id)).state).toBe("fulfilling");
    await shop.idle(120_000 + MINUTE - (h.timers.now() - paidAt));
    expect(await shop.order(id)).toMatchObject({ state: "completed" });
  }, 60_000);

  it("an order email whose send failed is sent within a minute", async () => {
    const h = await newHarness();
    const shop = await scheduledShop(h, { mailFailures: 1 });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    // The checkout's own send after its answer fails; the retry is the scheduler's.
    expect(await sendOrderEmail(id, shop.mail)).toBe("failed");
    await shop.idle(MINUTE);
    expect(shop.sent.map((message) => message.to)).toEqual(["buyer@example.com"]);
    expect(await h.kv.zRangeByScore(ORDER_KEYS.mail)).toEqual([]);
  });

  it("a delivery that meets the lease of a run that died is acted on within a minute of the lease lapsing", async () => {
    const h = await newHarness();
    const shop = await scheduledShop(h, { leaseMs: LEASE_MS });
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    await h.run(advance(id, shop.deps));
    h.payments.authorize(id);
    // The payment webhook's run: the confirm fails at a gateway, and its retry is a delivery.
    h.replaceAnswers.push({ path: "/api/order_update", acted: false, answer: () => new Response("Bad gateway", { status: 502 }) });
    await h.run(advance(id, shop.deps, { kind: "wake", reason: { kind: "any" } }), { stepMs: 10 });
    const waiting = await shop.order(id);
    expect(waiting).toMatchObject({ state: "authorized", attempts: 1 });
    const retryAt = waiting.nextCheckAt ?? 0;
    expect(retryAt).toBeGreaterThan(h.timers.now() + 1000);
    await h.timers.advance(retryAt - 1000 - h.timers.now());
    // A second before the retry's delivery, a run takes the order's lease and dies holding it.
    expect(await acquireLock(h.kv, `checkout:lease:${id}`, LEASE_MS)).not.toBeNull();
    const lapses = h.timers.now() + LEASE_MS;
    await shop.idle(2000);
    // The delivery came and met the lease: nothing acted on the order.
    expect(await shop.order(id)).toMatchObject({ state: "authorized", attempts: 1 });
    await shop.idle(lapses + MINUTE - h.timers.now());
    expect(await shop.order(id)).toMatchObject({ state: "completed" });
  });

  it("an order whose run died holding the lease is acted on within a minute of the lease lapsing", async () => {
    const h = await newHarness();
    const shop = await scheduledShop(h, { leaseMs: LEASE_MS });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.run(advance(id, shop.deps));
    h.payments.authorize(id);
    // The payment webhook's run goes on at once (the order due now: no message for it) and its
    // process dies while /api/pay is out, the order's lease held.
    const dying = shop.dying();
    void advance(id, dying.deps, { kind: "wake", reason: { kind: "payment" } });
    await h.run(dying.died, { stepMs: 10 });
    const left = await shop.order(id);
    expect(left.state).toBe("authorized");
    expect(left.nextCheckAt).toBeLessThanOrEqual(h.timers.now());
    const lapses = h.timers.now() + LEASE_MS;
    await shop.idle(lapses + MINUTE - h.timers.now());
    expect(await shop.order(id)).toMatchObject({ state: "completed" });
  });

  it("refuses a delivery whose signature does not verify, and acts on nothing", async () => {
    const h = await newHarness();
    await scheduledShop(h);
    const body = JSON.stringify({ kind: "order", orderId: "01KB0000000000000000000000", at: h.timers.now() });
    const answer = await receiveDeadline(new Request(DEADLINE_URL, { method: "POST", body, headers: { "upstash-signature": "not.a.jwt" } }), {
      receiver: new Receiver({ currentSigningKey: SIGNING_KEY, nextSigningKey: SIGNING_KEY }),
      url: DEADLINE_URL,
      act: () => Promise.reject(new Error("must not act")),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: "invalid_signature" });
  });
});
