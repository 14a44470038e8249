// The in-process scheduler with two instances on one store: each due order is acted on by one
// of them per tick (a claim per order, not one lock), and a claim left by an instance that died
// lapses by itself, so the other instance takes the order at a later tick. So does the lease of
// a run that died: the order stays due in the index, and the first tick after it lapses acts.
import { describe, expect, it } from "vitest";
import { acquireLock } from "@/lib/kv/lock";
import { TOPUP_ITEM, harnessPerTest } from "@/tests/support/checkout/checkout-harness";
import { tick, TICK_MS } from "./in-process-scheduler";

const newHarness = harnessPerTest();

describe("the in-process scheduler", () => {
  it("two instances ticking together act on each due order once", async () => {
    const h = await newHarness();
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push(await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" }));
    const orders = h.deps;
    const email = { ...orders, mailer: { send: async () => ({ ok: true as const, value: { where: "test" } }) }, shopName: "Test Shop" };
    const instance = (instanceId: string) => tick({ kv: h.kv, orders, email, scheduler: h.timers, instanceId });
    // Small steps: a tick starts no order once its 4 s budget has passed, and with the default
    // steps a loaded machine moved manual time past it before the second instance began.
    const [a, b] = await h.run(Promise.all([instance("a"), instance("b")]), { stepMs: 1 });
    // Each order was claimed by one instance: together they looked at four, not eight.
    expect(a.advanced + b.advanced).toBe(4);
    for (const id of ids) {
      const read = await h.deps.store.read(id);
      expect(read.ok && read.value.record.state).toBe("awaiting_payment");
    }
  });

  it("a claim left by a dead instance lapses: another instance takes the order a tick later", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    // Instance "dead" claimed the order and died before acting.
    await h.kv.setIfAbsent(`scheduler:claim:${id}`, "dead", { ttlMs: TICK_MS });
    const email = { ...h.deps, mailer: { send: async () => ({ ok: true as const, value: { where: "test" } }) }, shopName: "Test Shop" };
    const live = () => tick({ kv: h.kv, orders: h.deps, email, scheduler: h.timers, instanceId: "live" });
    expect((await h.run(live(), { stepMs: 1 })).advanced).toBe(0);
    await h.timers.advance(TICK_MS + 1);
    expect((await h.run(live())).advanced).toBe(1);
    const read = await h.deps.store.read(id);
    expect(read.ok && read.value.record.state).toBe("awaiting_payment");
  });

  it("an order whose run died holding its lease is acted on by the first tick after the lease lapses", async () => {
    const h = await newHarness();
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    // A run took the order's lease and its process died: nothing renews the lease or lets it go.
    expect(await acquireLock(h.kv, `checkout:lease:${id}`, h.deps.leaseMs)).not.toBeNull();
    const email = { ...h.deps, mailer: { send: async () => ({ ok: true as const, value: { where: "test" } }) }, shopName: "Test Shop" };
    const live = () => tick({ kv: h.kv, orders: h.deps, email, scheduler: h.timers, instanceId: "live" });
    await h.run(live(), { stepMs: 1 });
    const held = await h.deps.store.read(id);
    expect(held.ok && held.value.record.state).toBe("created");
    await h.timers.advance(h.deps.leaseMs + TICK_MS);
    await h.run(live());
    const read = await h.deps.store.read(id);
    expect(read.ok && read.value.record.state).toBe("awaiting_payment");
  });
});
