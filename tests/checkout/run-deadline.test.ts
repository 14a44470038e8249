// A run that its function's time limit would cut off stops itself at a safe point instead: it
// starts no step it could not finish, never stops between a pay's announcement and its answer,
// leaves its order due now and asks the scheduler for a fresh run, and the runs that follow reach
// the same end as one run without a limit.
import { describe, expect, it } from "vitest";
import { advance, type AdvanceDeps } from "@/lib/checkout/advance";
import type { DeadlineAlarm } from "@/lib/checkout/deadline-alarm";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { RunDeadline } from "@/lib/checkout/run-deadline";
import { sweep } from "@/lib/checkout/sweep";
import { RESERVED_ITEM, TOPUP_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();

/** A limit that leaves room for no step but the run's first (which a fresh function always takes). */
function tinyDeadline(h: CheckoutHarness): RunDeadline {
  return { stopBy: h.timers.now() + 1_000, stepMs: 170_000 };
}

interface Ask {
  orderId: string;
  at: number;
  /** When it was asked for. */
  when: number;
}

/** The alarm as the scheduler would hear it: every (order, time) asked for. */
function recordingAlarm(h: CheckoutHarness): DeadlineAlarm & { asked: Ask[] } {
  const asked: Ask[] = [];
  return { asked, order: async (orderId, at) => void asked.push({ orderId, at, when: h.timers.now() }), email: async () => undefined };
}

/**
 * The runs asked for at once, to go on: not the watch every acting run asks for on its lease
 * (advance.ts), which is for when the lease can have lapsed.
 */
function continuations(alarm: { asked: Ask[] }): Ask[] {
  return alarm.asked.filter((asked) => asked.at <= asked.when);
}

async function read(h: CheckoutHarness, id: string): Promise<OrderRecord> {
  const stored = await h.deps.store.read(id);
  if (!stored.ok) throw new Error(stored.error.code);
  return stored.value.record;
}

/** Paid, not yet looked at: the payment webhook's run is next. */
async function paidOrder(h: CheckoutHarness, flow: "pay_first" | "reservation"): Promise<string> {
  const id = flow === "pay_first" ? await h.createOrder({ flow, item: TOPUP_ITEM, account: "111|22" }) : await h.createOrder({ flow, item: RESERVED_ITEM });
  await h.step(id);
  h.payments.authorize(id);
  return id;
}

describe("a run's time limit", () => {
  it("stops after its first step, leaves the order due now and asks the scheduler for a fresh run", async () => {
    const h = await newHarness();
    const id = await paidOrder(h, "pay_first");
    const alarm = recordingAlarm(h);
    const deps: AdvanceDeps = { ...h.deps, alarm, runDeadline: tinyDeadline(h) };
    const result = await h.run(advance(id, deps, { kind: "wake", reason: { kind: "any" } }));
    expect(result.ok && result.value.state).toBe("authorized");
    const order = await read(h, id);
    expect(order.state).toBe("authorized");
    expect(order.nextCheckAt).toBeLessThanOrEqual(h.timers.now());
    // Nothing was sent upstream: the step that would have sent /api/pay never started.
    expect(h.upstreamCalls.filter((path) => path === "/api/pay")).toEqual([]);
    expect(order.upstream.payInFlightUntil ?? null).toBeNull();
    expect(continuations(alarm)).toEqual([{ orderId: id, at: expect.any(Number), when: expect.any(Number) }]);
  });

  it("a woken order not yet due is left due now, so the wake-up its run took is not lost", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    await h.step(id);
    const waiting = await read(h, id);
    expect(waiting.nextCheckAt).toBeGreaterThan(h.timers.now());
    h.payments.authorize(id);
    // Room for no step at all, and a first step that only reads: the run stops before the second.
    const alarm = recordingAlarm(h);
    await h.run(advance(id, { ...h.deps, alarm, runDeadline: tinyDeadline(h) }, { kind: "wake", reason: { kind: "any" } }));
    const after = await read(h, id);
    expect(after.state).toBe("authorized");
    expect(after.nextCheckAt).toBeLessThanOrEqual(h.timers.now());
    expect(continuations(alarm).map((asked) => asked.orderId)).toEqual([id]);
  });

  it.each(["pay_first", "reservation"] as const)("%s: runs with room for one step each end where one run without a limit ends, one pay sent", async (flow) => {
    const h = await newHarness();
    const limited = await paidOrder(h, flow);
    const free = await paidOrder(h, flow);
    const sent = () => h.upstreamCalls.filter((path) => path === "/api/pay" || path === "/api/order_update").length;
    const beforeFree = sent();
    await h.run(advance(free, h.deps, { kind: "wake", reason: { kind: "any" } }));
    const byFree = sent() - beforeFree;

    const alarm = recordingAlarm(h);
    let runs = 0;
    for (let woken = true; runs < 20; runs += 1) {
      const before = continuations(alarm).length;
      const deps: AdvanceDeps = { ...h.deps, alarm, runDeadline: tinyDeadline(h) };
      await h.run(advance(limited, deps, woken ? { kind: "wake", reason: { kind: "any" } } : { kind: "poll" }));
      woken = false;
      // Between runs the order is never left with a pay announced and its answer unrecorded.
      expect((await read(h, limited)).upstream.payInFlightUntil ?? null).toBeNull();
      // Each stop asked for the next run; a run that did not ask has reached its wait.
      if (continuations(alarm).length === before) break;
    }
    expect(runs).toBeGreaterThan(1);
    const [a, b] = [await read(h, limited), await read(h, free)];
    expect(a.state).toBe(b.state);
    expect(a.state).toBe("completed");
    expect(a.upstream.status).toBe(b.upstream.status);
    expect(h.payments.byOrder(limited).intent?.status).toBe(h.payments.byOrder(free).intent?.status);
    // The limited order sent upstream what the free one did, once.
    expect(sent() - beforeFree - byFree).toBe(byFree);
  });

  it("the sweep starts no order whose first step could not finish before its limit, and says what it left", async () => {
    const h = await newHarness();
    // New orders, due at once (their payment page is to be opened).
    const ids = [await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" }), await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" })];
    const report = await h.run(sweep({ ...h.deps, runDeadline: { stopBy: h.timers.now() + 100_000, stepMs: 170_000 } }));
    expect(report).toMatchObject({ advanced: 0, left: 2, urgentLeft: 2 });
    for (const id of ids) expect((await read(h, id)).state).toBe("created");
  });
});
