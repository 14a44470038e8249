// The checkout's unit-test harness: the Partner sandbox in process on manual time, our real
// client in front of it (every upstream call counted), an embedded KV, and the in-memory
// payments fake. `run` drives a call to completion while moving time, as the sandbox waits.
import { randomBytes } from "node:crypto";
import { afterEach } from "vitest";
import { alertNoteText } from "@/lib/checkout/alert-notes";
import { advance, type AdvanceDeps } from "@/lib/checkout/advance";
import { createCodeVault } from "@/lib/checkout/code-vault";
import { capabilityHash, newCapabilityKey, orderIdFactory } from "@/lib/checkout/order-id";
import { newOrderRecord, type NewOrderInput } from "@/lib/checkout/new-order";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { createPartnerClient } from "@/lib/partner/client";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { fixtureSchema } from "@/lib/sandbox/fixture/schema";
import { ManualTimers } from "@/tests/support/partner-client/manual-timers";
import { sampleFixture, type SampleFixture } from "@/tests/support/sandbox/sample-fixture";
import { openTempKv } from "@/tests/support/temp-kv";
import { stripePayments } from "@/lib/checkout/stripe-payments";
import { createPaymentsSandbox } from "@/lib/payments-sandbox/create-payments-sandbox";
import { stripeClientFor } from "@/lib/shop/stripe";
import { FakePayments } from "./fake-payments";

export const RESERVED_VOUCHER = 1001; // service 10, request: true
export const TOPUP_VOUCHER = 2001; // service 20, direct top-up with a two-field account

/** The order items of those two vouchers, as a checkout would record them. */
export const RESERVED_ITEM = { kind: "voucher", gameId: 10, voucherId: RESERVED_VOUCHER, name: "Sample Gift Card 10 USD", deliveryMethod: "voucher_code" } as const;
export const TOPUP_ITEM = { kind: "voucher", gameId: 20, voucherId: TOPUP_VOUCHER, name: "100 Diamonds", deliveryMethod: "direct_topup" } as const;

export type CheckoutHarness = Awaited<ReturnType<typeof checkoutHarness>>;

/** A fresh harness per test, closed after it: call the returned function inside each test. */
export function harnessPerTest(): (...args: Parameters<typeof checkoutHarness>) => Promise<CheckoutHarness> {
  let current: CheckoutHarness | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (...args) => (current = await checkoutHarness(...args));
}

export interface HarnessOptions {
  /** Payments through the real stripe package against the payments sandbox instead of the fake. */
  payments?: "fake" | "sandbox";
  /** The payments sandbox's settings (say, Radar's highest-risk block turned off). */
  paymentsConfig?: { blockHighestRisk?: boolean };
}

export async function checkoutHarness(mutate: (fixture: SampleFixture) => void = () => undefined, options: HarnessOptions = {}) {
  const raw = sampleFixture();
  const reserved = raw.services[0];
  if (reserved) reserved.request = true;
  mutate(raw);
  const fixture = fixtureSchema.parse(raw);
  const timers = new ManualTimers();
  const sandbox = createSandbox({ fixture, clock: timers, scheduler: timers });
  const upstreamCalls: string[] = [];
  /** The next upstream calls to these paths take effect, but their answers are lost. */
  const loseAnswers: string[] = [];
  /**
   * The next upstream calls to these paths get this answer instead of the service's: after the
   * service acted (`acted: true`, as an answer rewritten on the way back) or without it seeing
   * the call at all (a refusal from something in between).
   */
  const replaceAnswers: { path: string; acted: boolean; answer: () => Response }[] = [];
  const client = createPartnerClient({
    baseUrl: "http://sandbox.test",
    login: "demo",
    apiKey: "demo-key",
    clock: timers,
    sleep: timers.sleep,
    retries: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      upstreamCalls.push(path);
      const replaced = replaceAnswers.findIndex((r) => r.path === path);
      if (replaced >= 0) {
        const [replacement] = replaceAnswers.splice(replaced, 1);
        if (replacement?.acted) await sandbox.handle(request);
        if (replacement) return replacement.answer();
      }
      const response = await sandbox.handle(request);
      const lost = loseAnswers.indexOf(path);
      if (lost >= 0) {
        loseAnswers.splice(lost, 1);
        throw new TypeError("fetch failed: connection reset after the request was sent");
      }
      return response;
    },
  });
  const { kv, remove } = openTempKv(() => timers.now());
  const fake = new FakePayments(timers);
  const paymentsSandbox =
    options.payments === "sandbox"
      ? createPaymentsSandbox({ kv, clock: timers, config: { baseUrl: "http://pay.test", webhookUrl: null, webhookSecret: "whsec_harness", ...options.paymentsConfig } })
      : null;
  /** The next payments calls to these paths take effect, but their answers are lost (the stripe package retries twice). */
  const losePaymentAnswers: string[] = [];
  async function handlePayments(request: Request): Promise<Response> {
    if (!paymentsSandbox) throw new Error("no payments sandbox");
    const response = await paymentsSandbox.handle(request);
    const lost = losePaymentAnswers.indexOf(new URL(request.url).pathname);
    if (lost < 0) return response;
    losePaymentAnswers.splice(lost, 1);
    throw new TypeError("fetch failed: connection reset after the request was sent");
  }
  const stripe = paymentsSandbox ? stripeClientFor({ kind: "sandbox-embedded", secretKey: "sk_test_checkout" }, handlePayments) : null;
  const payments = stripe ? stripePayments(stripe) : fake;
  /** The buyer on the hosted payment page, paying with a Stripe test card. */
  async function payWithCard(sessionUrl: string, card: string): Promise<Response> {
    if (!paymentsSandbox) throw new Error("payWithCard needs the payments sandbox");
    return paymentsSandbox.handle(new Request(sessionUrl, { method: "POST", body: new URLSearchParams({ card_number: card }) }));
  }
  /** The buyer's answer on the 3-D Secure screen that follows Pay. */
  async function authenticate(sessionUrl: string, approve: boolean): Promise<Response> {
    if (!paymentsSandbox) throw new Error("authenticate needs the payments sandbox");
    return paymentsSandbox.handle(new Request(`${sessionUrl}/authenticate`, { method: "POST", body: new URLSearchParams({ decision: approve ? "approve" : "fail" }) }));
  }
  const alerts: string[] = [];
  const deps: AdvanceDeps = {
    kv,
    store: createOrderStore(kv, timers),
    upstream: client,
    payments,
    vault: createCodeVault(randomBytes(32)),
    clock: timers,
    leaseMs: 200_000,
    conversionRates: async () => ({ storeCurrency: "USD", exchangeRates: {} }),
    alertOwner: (orderId, note) => alerts.push(`${orderId}: ${alertNoteText(note)}`),
    orderLink: (orderId, key) => `https://shop.test/orders/${orderId}?key=${key}`,
    policy: {
      reservationMs: fixture.reservation_ttl_seconds * 1000,
      safetyMarginMs: 5 * 60_000,
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

  /**
   * Settle `call` while manual time moves on `stepMs` every 2 ms of real time. A test in which
   * real work (another run's calls and KV writes) must finish inside a manual-time wait takes
   * small steps: with large ones a loaded machine lets the wait run out first.
   */
  async function run<T>(call: Promise<T>, { stepMs = 250 }: { stepMs?: number } = {}): Promise<T> {
    let settled = false;
    let value: T | undefined;
    void call.then((v) => {
      settled = true;
      value = v;
    });
    const realDeadline = Date.now() + 30_000;
    for (let moved = 0; !settled && Date.now() < realDeadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (!settled && moved < 60_000) {
        await timers.advance(stepMs);
        moved += stepMs;
      }
    }
    if (!settled) throw new Error("call never settled");
    return value as T;
  }

  async function createOrder(input: Partial<NewOrderInput> & Pick<NewOrderInput, "item" | "flow">) {
    const id = nextId();
    const key = newCapabilityKey();
    const record = newOrderRecord(
      {
        id,
        capabilityHash: capabilityHash(key),
        capabilitySealed: deps.vault.seal(key, id),
        email: "buyer@example.com",
        account: null,
        activation: false,
        test: false,
        quote: { price: { minor: 1100, currency: "USD" }, cost: { minor: 950, currency: "USD" } },
        ...input,
      },
      timers.now(),
    );
    const created = await deps.store.create(record);
    if (!created.ok) throw new Error(`create failed: ${created.error.code}`);
    return record.id;
  }

  async function step(orderId: string, wake = false) {
    const result = await run(advance(orderId, deps, wake ? { kind: "wake", reason: { kind: "any" } } : { kind: "poll" }));
    if (!result.ok) throw new Error(`advance failed: ${result.error.code}`);
    return result.value;
  }

  async function balance(): Promise<number> {
    const answer = await run(client.balance());
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value.balance;
  }

  return {
    deps, client, kv, timers, sandbox, payments: fake, paymentsSandbox, stripe, payWithCard, authenticate, alerts, upstreamCalls, loseAnswers, replaceAnswers, losePaymentAnswers, run, createOrder, step, balance,
    async close() {
      sandbox.close();
      await remove();
    },
  };
}
