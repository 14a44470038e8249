// The order page's look at its order over HTTP as the route runs it. The page asks again and
// again while the order can change, and on a serverless host every KV command of every look is
// billed (Upstash) and every held second keeps a function running: so a look costs at most 5 KV
// commands and answers at once, even when asked to wait (`Prefer: wait`, as the page once did),
// saying with Retry-After when to look again; a change another instance made is in the next look;
// a stranger is answered 404 at once.
import { describe, expect, it } from "vitest";
import type { AdvanceDeps } from "@/lib/checkout/advance";
import { getOrder } from "@/lib/checkout/http/get-order";
import { orderVersion } from "@/lib/checkout/order-version";
import { publicOrder, type PublicOrder } from "@/lib/checkout/public-order";
import { capabilityHash, newCapabilityKey } from "@/lib/checkout/order-id";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { RESERVED_ITEM, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";
import { countKvRounds } from "@/tests/support/kv/kv-rounds";

const newHarness = harnessPerTest();

/** An order awaiting payment with a key we know, and what its buyer's page shows now. */
async function awaitingOrder(h: CheckoutHarness): Promise<{ id: string; key: string; version: string }> {
  const key = newCapabilityKey();
  const id = await h.createOrder({ item: RESERVED_ITEM, flow: "reservation" });
  const read = await h.deps.store.read(id);
  if (!read.ok) throw new Error("no order");
  // The harness made its own key; give the order ours, and a state that waits on the buyer.
  const saved = await h.deps.store.save(read.value, { to: "reserved", note: { kind: "reserved", values: { status: 1 } }, patch: { capabilityHash: capabilityHash(key), nextCheckAt: h.timers.now() + 3600_000 } });
  if (!saved.ok) throw new Error("not saved");
  return { id, key, version: orderVersion(publicOrder(saved.value.record, h.deps.vault)) };
}

/** A look as the page once sent it: the version it shows, and a wait of 25 s. */
function asked(id: string, key: string | null, version: string): Request {
  const headers: Record<string, string> = { "if-none-match": `"${version}"`, prefer: "wait=25" };
  if (key) headers.authorization = `Bearer ${key}`;
  return new Request(`https://shop.test/api/orders/${id}`, { headers });
}

describe("a look at an open order", () => {
  it("costs at most 5 KV commands even when asked to wait, and answers at once with when to look again", async () => {
    const h = await newHarness();
    const { id, key, version } = await awaitingOrder(h);
    const counter = countKvRounds(h.kv);
    const startedAt = h.timers.now();
    const response = await getOrder(asked(id, key, version), id, { orders: async () => h.deps });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(`"${version}"`);
    expect(response.headers.get("preference-applied")).toBeNull();
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const commands = counter.rounds().flatMap((round) => round.ops);
    expect(commands.length, commands.join(", ")).toBeLessThanOrEqual(5);
    expect(h.timers.now()).toBe(startedAt);
  });

  it("reads the order once: the read that checks the key is the one the look answers from", async () => {
    const h = await newHarness();
    const { id, key, version } = await awaitingOrder(h);
    const counter = countKvRounds(h.kv);
    const response = await getOrder(asked(id, key, version), id, { orders: async () => h.deps });
    expect(response.status).toBe(304);
    // The order, then (its key matched) the wake-up mark a run would take.
    expect(counter.rounds().map((round) => round.ops)).toEqual([["get checkout:order"], ["get checkout:wake"]]);
  });

  it("shows a change another instance made at the next look, with its new version", async () => {
    const h = await newHarness();
    const { id, key, version } = await awaitingOrder(h);
    const other: AdvanceDeps = { ...h.deps, store: createOrderStore(h.kv, h.timers) };
    const read = await other.store.read(id);
    if (!read.ok) throw new Error("no order");
    await other.store.save(read.value, { to: "releasing", note: { kind: "paymentCancelled" }, patch: { reason: "payment_declined" } });

    const response = await getOrder(asked(id, key, version), id, { orders: async () => h.deps });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PublicOrder;
    expect(body.status).toBe("releasing");
    expect(response.headers.get("etag")).toBe(`"${orderVersion(body)}"`);
    // It just moved: the page looks again within about a second.
    expect(response.headers.get("retry-after")).toBe("1");
  });

  it("answers a final order without Retry-After: nothing more will change", async () => {
    const h = await newHarness();
    const { id, key } = await awaitingOrder(h);
    const read = await h.deps.store.read(id);
    if (!read.ok) throw new Error("no order");
    await h.deps.store.save(read.value, { to: "releasing", note: { kind: "paymentCancelled" } });
    const again = await h.deps.store.read(id);
    if (!again.ok) throw new Error("no order");
    await h.deps.store.save(again.value, { to: "failed", note: { kind: "nothingCharged" }, patch: { reason: "payment_expired", nextCheckAt: null } });
    const response = await getOrder(new Request(`https://shop.test/api/orders/${id}?key=${key}`), id, { orders: async () => h.deps });
    expect(response.status).toBe(200);
    expect(((await response.json()) as PublicOrder).final).toBe(true);
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("answers a stranger 404 at once: no wake, no upstream or payment call", async () => {
    const h = await newHarness();
    const { id, version } = await awaitingOrder(h);
    const upstream = h.upstreamCalls.length;
    const payments = h.payments.calls.length;
    for (const key of [null, "A".repeat(43), "short"]) {
      const response = await getOrder(asked(id, key, version), id, { orders: async () => h.deps });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe("not_found");
    }
    expect(h.upstreamCalls.length).toBe(upstream);
    expect(h.payments.calls.length).toBe(payments);
    expect(await h.kv.get(`checkout:wake:${id}`)).toBeNull();
  });
});
