// The sweep's honesty and fairness: it says how many due orders it left, it takes the urgent
// deadlines (a confirm, a capture, a cancel, a payment to look at) before a completed order's
// re-reads, and it has no fixed cap: only its time budget stops it.
import { describe, expect, it } from "vitest";
import { sweep } from "@/lib/checkout/sweep";
import type { AdvanceDeps } from "@/lib/checkout/advance";
import type { OrderStore } from "@/lib/checkout/store/order-store";
import { completedOrder } from "@/tests/support/checkout/completed-order";
import { TOPUP_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();

/** Completed orders whose re-read has come, each due `ageMs` ago (and older by index). */
async function dueRereads(h: CheckoutHarness, count: number, ageMs: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = `01KB${String(i).padStart(22, "0")}`;
    const created = await h.deps.store.create(completedOrder(id, h.timers.now() - 2 * ageMs, { nextCheckAt: h.timers.now() - ageMs - i }));
    // Saved once, as the completing move saves it: a save files a completed order's deadline.
    const saved = created.ok ? await h.deps.store.save(created.value, { note: { kind: "paymentCaptured" } }) : created;
    if (!saved.ok) throw new Error(`create failed: ${saved.error.code}`);
    ids.push(id);
  }
  return ids;
}

/** The store, noting which order each read was for: the sweep's order of work. */
function readsNoted(store: OrderStore, reads: string[]): OrderStore {
  return { ...store, read: (orderId) => (reads.push(orderId), store.read(orderId)) };
}

describe("the sweep", () => {
  it("takes an urgent deadline before older re-reads of completed orders", async () => {
    const h = await newHarness();
    await dueRereads(h, 3, 3600_000);
    const urgent = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    const reads: string[] = [];
    const report = await h.run(sweep({ ...h.deps, store: readsNoted(h.deps.store, reads) }));
    expect(reads[0]).toBe(urgent);
    expect(report).toMatchObject({ advanced: 4, failed: [], left: 0, urgentLeft: 0 });
  });

  it("has no fixed cap: 150 due orders are all advanced in one run", async () => {
    const h = await newHarness();
    await dueRereads(h, 150, 60_000);
    const report = await h.run(sweep(h.deps));
    expect(report).toMatchObject({ advanced: 150, failed: [], left: 0 });
    expect(await h.deps.store.due(200)).toEqual({ ok: true, value: [] });
  });

  it("says how many due orders it left when its time budget ran out, urgent ones apart", async () => {
    const h = await newHarness();
    await dueRereads(h, 30, 60_000);
    const urgent = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22" });
    const until = h.timers.now() + 1;
    // The budget runs out once ten orders have been read: time as the sweep sees it jumps then.
    const reads: string[] = [];
    const clock = { now: () => (reads.length >= 10 ? until : h.timers.now()) };
    const deps: AdvanceDeps = { ...h.deps, clock, store: readsNoted(h.deps.store, reads) };
    const report = await h.run(sweep(deps, { until }));
    expect(reads[0]).toBe(urgent);
    expect(report.advanced).toBeLessThan(31);
    expect(report.left).toBe(31 - report.advanced);
    expect(report.urgentLeft).toBe(0);
  });
});
