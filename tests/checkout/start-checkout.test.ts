// Starting a checkout: the quote comes from the cached catalogue and the pricing function, the
// account is checked against the product's own form, and bad input creates nothing.
import { describe, expect, it } from "vitest";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import { checkoutRequestSchema, type CheckoutRequest } from "@/lib/checkout/checkout-request";
import { orderIdFactory } from "@/lib/checkout/order-id";
import type { KvScript, ScriptInput } from "@/lib/kv/define-script";
import type { Kv } from "@/lib/kv/kv";
import { OPS_KEYS } from "@/lib/operations/keys";
import { advance } from "@/lib/checkout/advance";
import { countingBalance } from "@/lib/shop/balance-counting";
import { placeOrder, quoteCheckout, type StartCheckoutDeps } from "@/lib/checkout/start-checkout";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { RESERVED_VOUCHER, TOPUP_VOUCHER, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";
import { countKvRounds } from "@/tests/support/kv/kv-rounds";
import { settingsRules } from "@/tests/support/pricing-rules";

const newHarness = harnessPerTest();

async function setup(): Promise<{ h: CheckoutHarness; deps: StartCheckoutDeps }> {
  const h = await newHarness();
  const catalog: CatalogDeps = {
    client: h.client,
    kv: h.kv,
    clock: h.timers,
    ttlMs: 300_000,
    upstream: "checkout-test",
    policy: settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" }),
  };
  return { h, deps: { catalog, orders: h.deps, nextOrderId: orderIdFactory(h.timers), testMode: false } };
}

const parse = (body: unknown) => checkoutRequestSchema.parse(body);

/** The two halves as POST /api/checkout runs them, without a rate limit between them. */
async function startCheckout(request: CheckoutRequest, deps: StartCheckoutDeps) {
  const quoted = await quoteCheckout(request, deps);
  return quoted.ok ? placeOrder(quoted.value, deps) : quoted;
}

describe("startCheckout", () => {
  it("prices a reserved voucher on the server, stores the order and opens the payment", async () => {
    const { h, deps } = await setup();
    const started = await h.run(startCheckout(parse({ voucher_id: RESERVED_VOUCHER, email: "b@example.com" }), deps));
    if (!started.ok) throw new Error(started.error.message);
    const { order, capabilityKey } = started.value;
    expect(order).toMatchObject({ flow: "reservation", state: "awaiting_payment", quote: { price: { minor: 1045, currency: "USD" }, cost: { minor: 950, currency: "USD" } } });
    expect(capabilityKey).toMatch(/^[\w-]{43}$/);
    expect(h.deps.vault.open(order.capabilitySealed, order.id)).toEqual({ ok: true, value: capabilityKey });
  });

  it("saves a reserved voucher's order twice on the way to its page: reserved with the page's request fixed, then awaiting payment", async () => {
    const { h, deps } = await setup();
    const started = await h.run(startCheckout(parse({ voucher_id: RESERVED_VOUCHER, email: "b@example.com" }), deps));
    if (!started.ok) throw new Error(started.error.message);
    const { order } = started.value;
    // Every save after the creation appends one event: the two moves, and no write of its own
    // for fixing the page's expiry.
    expect(order.events.map((event) => event.to ?? event.what)).toEqual(["reserved", "awaiting_payment"]);
    // Fixed as the reservation's answer came back, a full session from then.
    const { sessionMs } = deps.orders.policy;
    expect(order.payment.openAttempt).toBe(0);
    expect(order.payment.expiresAt).toBeGreaterThanOrEqual(order.createdAt + sessionMs);
    // (Stored as Stripe answered it, in whole seconds.)
    expect(order.payment.expiresAt).toBeLessThanOrEqual(Math.ceil((order.events[0]!.at + sessionMs) / 1000) * 1000);
  });

  it("takes the first run's lease in the same round as the order's creation, and lets it go after the run", async () => {
    const { h, deps } = await setup();
    const rounds = recordRounds(h.kv);
    const started = await h.run(startCheckout(parse({ voucher_id: RESERVED_VOUCHER, email: "b@example.com" }), deps));
    if (!started.ok) throw new Error(started.error.message);
    // Sent before the creation's write came back: one round for both, and no second lease.
    const orders = rounds.filter((round) => round.startsWith("checkout"));
    expect(orders.slice(0, 3)).toEqual(["checkout-create-order sent", "checkout:lease sent", "checkout-create-order done"]);
    expect(orders.filter((round) => round === "checkout:lease sent")).toHaveLength(1);
    expect(await h.kv.get(`checkout:lease:${started.value.order.id}`)).toBeNull();
  });

  it("counts a reservation's upstream spend when upstream confirms it, in the same round as that save", async () => {
    const { h, deps } = await setup();
    const spend = { kv: h.kv, upstream: "checkout-test" };
    await h.kv.set(OPS_KEYS.balance(spend.upstream), JSON.stringify({ value: { minor: 10_000, currency: "USD" }, fetchedAt: 1 }));
    const orders = countingBalance(deps.orders, spend);
    const rounds = recordRounds(h.kv);
    const started = await h.run(startCheckout(parse({ voucher_id: RESERVED_VOUCHER, email: "b@example.com" }), { ...deps, orders }));
    if (!started.ok) throw new Error(started.error.message);
    // A reservation in 6 has taken nothing from the partner balance yet.
    expect(rounds).not.toContain("operations-record-spend sent");
    h.payments.authorize(started.value.order.id);
    const done = await h.run(advance(started.value.order.id, orders, { kind: "wake", reason: { kind: "any" } }));
    expect(done.ok && done.value.state).toBe("completed");
    const confirmedSave = rounds.indexOf("operations-record-spend sent") - 1;
    expect(rounds.slice(confirmedSave, confirmedSave + 3)).toEqual(["checkout-save-order sent", "operations-record-spend sent", "checkout-save-order done"]);
    expect(await h.kv.get(OPS_KEYS.spent(spend.upstream, 1, "USD"))).toBe("950");
  });

  it("waits for two KV rounds after the order's creation: the two saves, the last letting go of the lease with a look for a wake-up", async () => {
    const { h, deps } = await setup();
    const counter = countKvRounds(h.kv);
    const started = await h.run(startCheckout(parse({ voucher_id: RESERVED_VOUCHER, email: "b@example.com" }), deps));
    if (!started.ok) throw new Error(started.error.message);
    const rounds = counter.rounds().map((round) => round.ops.join(" + "));
    const created = rounds.findIndex((round) => round.includes("run checkout-create-order"));
    // The new order is not read back, nor looked for a wake-up nobody could have sent (no one
    // else knows its id); each save is what the next step goes on from; and the lease is let
    // go in the same write as the last save, with a look for a wake-up that came while it was held.
    expect(rounds.slice(created + 1)).toEqual(["run checkout-save-order", "run checkout-save-order-and-let-go"]);
    expect(await h.kv.get(`checkout:lease:${started.value.order.id}`)).toBeNull();
  });

  it("takes a direct top-up with a two-field account, pay first", async () => {
    const { h, deps } = await setup();
    const started = await h.run(startCheckout(parse({ voucher_id: TOPUP_VOUCHER, game_id: 20, account: "111|22", email: "b@example.com" }), deps));
    expect(started.ok && started.value.order).toMatchObject({ flow: "pay_first", account: "111|22", state: "awaiting_payment" });
  });

  it("refuses bad input naming the field, and creates nothing", async () => {
    const { h, deps } = await setup();
    const cases: [unknown, string][] = [
      [{ voucher_id: TOPUP_VOUCHER, email: "b@example.com" }, "account"],
      [{ voucher_id: TOPUP_VOUCHER, account: "111", email: "b@example.com" }, "account"],
      [{ voucher_id: RESERVED_VOUCHER, account: "x", email: "b@example.com" }, "account"],
      [{ voucher_id: 999999, email: "b@example.com" }, "voucher_id"],
      [{ game_id: 30, amount: "0", account: "acc", email: "b@example.com" }, "amount"],
      [{ game_id: 30, amount: "10.555", account: "acc", email: "b@example.com" }, "amount"],
      [{ game_id: 10, amount: "5", account: "acc", email: "b@example.com" }, "game_id"],
    ];
    for (const [body, field] of cases) {
      const started = await h.run(startCheckout(parse(body), deps));
      expect(started.ok, JSON.stringify(body)).toBe(false);
      if (!started.ok) expect(started.error).toMatchObject({ field });
    }
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(0);
    expect(checkoutRequestSchema.safeParse({ email: "b@example.com" }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ voucher_id: 1, email: "not-an-email" }).error?.issues[0]?.path).toEqual(["email"]);
    expect(checkoutRequestSchema.safeParse({ voucher_id: 1, email: "b@example.com", price: 1 }).success).toBe(false);
  });

  it("prices a balance top-up from the typed amount, never from the client", async () => {
    const { h, deps } = await setup();
    const started = await h.run(startCheckout(parse({ game_id: 30, amount: "10", account: "wallet-1", email: "b@example.com" }), deps));
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.order).toMatchObject({
      flow: "pay_first",
      item: { kind: "balance", amount: { minor: 1000, currency: "USD" } },
      quote: { cost: { minor: 980, currency: "USD" }, price: { minor: 1078, currency: "USD" } },
    });
  });
});

/** The KV writes the test cares about as they are sent and as they come back, in order. */
function recordRounds(kv: Kv): string[] {
  const rounds: string[] = [];
  const { run, setIfAbsent } = kv;
  kv.run = async <K extends string, A extends string, R>(script: KvScript<K, A, R>, input: ScriptInput<K, A>): Promise<R> => {
    rounds.push(`${script.name} sent`);
    try {
      return await run.call<Kv, [KvScript<K, A, R>, ScriptInput<K, A>], Promise<R>>(kv, script, input);
    } finally {
      rounds.push(`${script.name} done`);
    }
  };
  kv.setIfAbsent = async (key, value, options) => {
    rounds.push(`${key.split(":").slice(0, 2).join(":")} sent`);
    return setIfAbsent.call(kv, key, value, options);
  };
  return rounds;
}
