// The order page's push over HTTP as the route runs it: a held read answers as soon as another
// instance (another deps object on the same KV) changes the order, answers 304 when nothing
// changed within the wait, stops when the buyer leaves, and a stranger is answered 404 at once.
import { describe, expect, it } from "vitest";
import type { AdvanceDeps } from "@/lib/checkout/advance";
import { getOrder } from "@/lib/checkout/http/get-order";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { LOOKS, orderVersion, waitsWithin } from "@/lib/checkout/watch-order";
import { publicOrder, type PublicOrder } from "@/lib/checkout/public-order";
import { capabilityHash, newCapabilityKey } from "@/lib/checkout/order-id";
import { RESERVED_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();

/** An order awaiting payment with a key we know, and what its buyer's page shows now. */
async function awaitingOrder(h: CheckoutHarness): Promise<{ id: string; key: string; version: string }> {
  const key = newCapabilityKey();
  const id = await h.createOrder({ item: RESERVED_ITEM, flow: "reservation" });
  const read = await h.deps.store.read(id);
  if (!read.ok) throw new Error("no order");
  // The harness made its own key; give the order ours, and a state that waits on the buyer.
  const saved = await h.deps.store.save(read.value, { to: "reserved", note: "test", patch: { capabilityHash: capabilityHash(key), nextCheckAt: h.timers.now() + 3600_000 } });
  if (!saved.ok) throw new Error("not saved");
  return { id, key, version: orderVersion(publicOrder(saved.value.record, h.deps.vault)) };
}

function held(id: string, key: string | null, version: string, signal?: AbortSignal): Request {
  const headers: Record<string, string> = { "if-none-match": `"${version}"`, prefer: "wait=25" };
  if (key) headers.authorization = `Bearer ${key}`;
  return new Request(`https://shop.test/api/orders/${id}`, { headers, signal });
}

/** Looks at KV on manual time: each pause moves the clock, so the wait's bound is reached without real waiting. */
function manualWatch(h: CheckoutHarness, looks: { n: number; waits?: number[] }) {
  return {
    sleep: async (ms: number) => {
      looks.n += 1;
      looks.waits?.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 1));
      await h.timers.advance(ms);
    },
  };
}

/** Another instance: its own deps and store over the same KV. */
function otherInstance(h: CheckoutHarness): AdvanceDeps {
  return { ...h.deps, store: createOrderStore(h.kv, h.timers) };
}

describe("the order page's push", () => {
  it("delivers a change made by another instance while the read is held", async () => {
    const h = await newHarness();
    const { id, key, version } = await awaitingOrder(h);
    const looks = { n: 0 };
    const answer = getOrder(held(id, key, version), id, { orders: async () => h.deps, watch: manualWatch(h, looks) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const other = otherInstance(h);
    const read = await other.store.read(id);
    if (!read.ok) throw new Error("no order");
    await other.store.save(read.value, { to: "releasing", note: "payment cancelled", patch: { reason: "payment_declined" } });

    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get("preference-applied")).toBe("wait=25");
    const body = (await response.json()) as PublicOrder;
    expect(body.status).toBe("releasing");
    expect(response.headers.get("etag")).toBe(`"${orderVersion(body)}"`);
    expect(looks.n).toBeGreaterThan(0);
  });

  it("answers 304 when nothing changed within the wait, after a bounded number of looks", async () => {
    const h = await newHarness();
    const { id, key, version } = await awaitingOrder(h);
    const looks = { n: 0 };
    const response = await getOrder(held(id, key, version), id, { orders: async () => h.deps, watch: manualWatch(h, looks) });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(`"${version}"`);
    expect(looks.n).toBeLessThanOrEqual(waitsWithin(25_000, LOOKS).length);
    expect(looks.n).toBeLessThan(40);
  });

  it("looks soon after the hold begins and less often as it goes on: a change t ms into the hold is seen within t ms more", async () => {
    const h = await newHarness();
    const { id, key, version } = await awaitingOrder(h);
    const looks = { n: 0, waits: [] as number[] };
    const response = await getOrder(held(id, key, version), id, { orders: async () => h.deps, watch: manualWatch(h, looks) });
    expect(response.status).toBe(304);
    expect(looks.waits[0]).toBeLessThanOrEqual(20);
    // From the third on, no wait is longer than all the waits before it together, and none over a second.
    let waited = 0;
    for (const [n, wait] of looks.waits.entries()) {
      if (n >= 2) expect(wait, `wait ${n}`).toBeLessThanOrEqual(waited);
      expect(wait).toBeLessThanOrEqual(1_000);
      waited += wait;
    }
    expect(waited).toBe(25_000);
  });

  it("stops holding when the buyer leaves", async () => {
    const h = await newHarness();
    const { id, key, version } = await awaitingOrder(h);
    const leave = new AbortController();
    const looks = { n: 0 };
    const watch = {
      sleep: async () => {
        looks.n += 1;
        if (looks.n === 3) leave.abort();
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    };
    const response = await getOrder(held(id, key, version, leave.signal), id, { orders: async () => h.deps, watch });
    expect(response.status).toBe(304);
    expect(looks.n).toBe(3);
  });

  it("answers at once without a wait, or when the buyer's version is old", async () => {
    const h = await newHarness();
    const { id, key, version } = await awaitingOrder(h);
    const deps = { orders: async () => h.deps, watch: { sleep: () => Promise.reject(new Error("must not hold")) } };
    const plain = await getOrder(new Request(`https://shop.test/api/orders/${id}?key=${key}`), id, deps);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("etag")).toBe(`"${version}"`);
    expect(plain.headers.get("preference-applied")).toBeNull();
    expect((await getOrder(held(id, key, "old"), id, deps)).status).toBe(200);
  });

  it("answers a stranger 404 at once: no hold, no wake, no upstream or payment call", async () => {
    const h = await newHarness();
    const { id, version } = await awaitingOrder(h);
    const upstream = h.upstreamCalls.length;
    const payments = h.payments.calls.length;
    const deps = { orders: async () => h.deps, watch: { sleep: () => Promise.reject(new Error("must not hold")) } };
    for (const key of [null, "A".repeat(43), "short"]) {
      const response = await getOrder(held(id, key, version), id, deps);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe("not_found");
    }
    expect(h.upstreamCalls.length).toBe(upstream);
    expect(h.payments.calls.length).toBe(payments);
    expect(await h.kv.get(`checkout:wake:${id}`)).toBeNull();
  });
});
