// The admin's order indexes on every KV driver: written in the same script as the order, so
// after any sequence of creates, moves, lost replies replayed and lost races, every order is in
// the list exactly once and in exactly the state set of its stored record.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { ORDER_STATES } from "@/lib/checkout/order-states";
import { backfillOrderIndexes } from "@/lib/checkout/store/backfill-order-indexes";
import { createOrderScript } from "@/lib/checkout/store/create-order-script";
import { indexOrderScript } from "@/lib/checkout/store/index-order-script";
import { ORDER_INDEX_KEYS, emailHash, listOrderIdsCreatedBetween, listScore } from "@/lib/checkout/store/order-index";
import { ORDER_KEYS, createOrderStore } from "@/lib/checkout/store/order-store";
import { saveOrderScript } from "@/lib/checkout/store/save-order-script";
import { driversForFile } from "../kv/drivers";
import { race } from "../kv/helpers";
import { sampleOrder } from "../order-list/sample-order";

const { drivers, track } = await driversForFile();

const T0 = 1_800_000_000_000;
const clock = { now: () => T0 };

/** Every order is in `created` and `newest` once, and in the state set of its record and no other. */
async function expectConsistent(kv: Kv, ids: string[]): Promise<void> {
  const created = await kv.zRangeByScore(ORDER_INDEX_KEYS.created);
  const newest = await kv.zRangeByScore(ORDER_INDEX_KEYS.newest);
  expect(created.map((e) => e.member).sort()).toEqual([...ids].sort());
  expect(newest.map((e) => e.member).sort()).toEqual([...ids].sort());
  const bySet = await Promise.all(ORDER_STATES.map(async (state) => [state, await kv.zRangeByScore(ORDER_INDEX_KEYS.state(state))] as const));
  for (const id of ids) {
    const record = JSON.parse((await kv.get(ORDER_KEYS.order(id)))!) as OrderRecord;
    const holding = bySet.filter(([, entries]) => entries.some((e) => e.member === id)).map(([state]) => state);
    expect(holding, `state sets holding ${id}`).toEqual([record.state]);
  }
}

describe.each(drivers)("order indexes: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }
  function kvs(count: number): Kv[] {
    const prefix = `${randomUUID()}:`;
    const list = Array.from({ length: count }, () => open(prefix));
    list.forEach(track);
    return list;
  }

  it("writes every index with the order, and a replayed create adds nothing", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const order = sampleOrder({ id: "01KA0000000000000000000001", createdAt: T0 });
    expect((await store.create(order)).ok).toBe(true);
    const score = listScore(T0);
    for (const key of [
      ORDER_INDEX_KEYS.newest,
      ORDER_INDEX_KEYS.state("created"),
      ORDER_INDEX_KEYS.product(order.item.gameId),
      ORDER_INDEX_KEYS.flow(order.flow),
      ORDER_INDEX_KEYS.mode(order.test),
      ORDER_INDEX_KEYS.email(emailHash("  Buyer@Example.COM ")),
    ]) {
      expect(await kv.zRangeByScore(key), key).toEqual([{ member: order.id, score }]);
    }
    expect(await kv.zRangeByScore(ORDER_INDEX_KEYS.created)).toEqual([{ member: order.id, score: T0 }]);

    // The reply was lost and the same script runs again: recognised, nothing written twice.
    const text = (await kv.get(ORDER_KEYS.order(order.id)))!;
    const keys = {
      order: ORDER_KEYS.order(order.id), due: ORDER_KEYS.due, mail: ORDER_KEYS.mail, created: ORDER_INDEX_KEYS.created,
      newest: ORDER_INDEX_KEYS.newest, state: ORDER_INDEX_KEYS.state("created"), product: ORDER_INDEX_KEYS.product(order.item.gameId),
      flow: ORDER_INDEX_KEYS.flow(order.flow), mode: ORDER_INDEX_KEYS.mode(order.test), email: ORDER_INDEX_KEYS.email(emailHash(order.email)),
      upstreamRef: ORDER_INDEX_KEYS.ref(""), sessionRef: ORDER_INDEX_KEYS.ref(""), intentRef: ORDER_INDEX_KEYS.ref(""),
    };
    const args = { value: text, member: order.id, dueAt: "", mailAt: T0, createdAt: T0, listScore: score, upstreamSet: "", sessionSet: "", intentSet: "" };
    expect(await kv.run(createOrderScript, { keys, args })).toBe("already");
    expect(await store.create(order)).toMatchObject({ ok: true });
    await expectConsistent(kv, [order.id]);
  });

  it("moves an order between state sets with each save and records the ids others gave it", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const created = await store.create(sampleOrder({ id: "01KA0000000000000000000002" }));
    if (!created.ok) throw new Error("create failed");
    const reserved = await store.save(created.value, { to: "reserved", note: { kind: "reserved", values: { status: 1 } }, patch: { upstream: { ...created.value.record.upstream, orderId: "U-77" } } });
    if (!reserved.ok) throw new Error("save failed");
    await expectConsistent(kv, [created.value.record.id]);
    const payment = { ...reserved.value.record.payment, sessionId: "cs_test_1", paymentIntentId: "pi_test_1" };
    const awaiting = await store.save(reserved.value, { to: "awaiting_payment", note: { kind: "paymentPageOpened", values: { session: "cs_test" } }, patch: { payment } });
    if (!awaiting.ok) throw new Error("save failed");
    // A note that changes no state keeps the order where it is.
    const noted = await store.save(awaiting.value, { note: { kind: "codeShown" } });
    expect(noted.ok).toBe(true);
    await expectConsistent(kv, [created.value.record.id]);
    for (const ref of ["U-77", "cs_test_1", "pi_test_1"]) expect(await kv.get(ORDER_INDEX_KEYS.ref(ref))).toBe(created.value.record.id);
    expect(await kv.get(ORDER_INDEX_KEYS.ref(""))).toBeNull();
  });

  it("leaves the indexes consistent when a save's reply is lost and it is replayed, or it loses a race", async () => {
    const instances = kvs(3);
    const kv = instances[0]!;
    const stores = instances.map((one) => createOrderStore(one, clock));
    const created = await stores[0]!.create(sampleOrder({ id: "01KA0000000000000000000003" }));
    if (!created.ok) throw new Error("create failed");
    const record = created.value.record;

    // The script ran but its reply never came back (the process died, or the network dropped
    // it): the next attempt of the very same write is told "already" and changes nothing.
    const next = { ...record, state: "reserved" as const, updatedAt: T0 + 1 };
    const text = JSON.stringify(next);
    const keys = {
      order: ORDER_KEYS.order(record.id), due: ORDER_KEYS.due, recheck: ORDER_KEYS.recheck, fromState: ORDER_INDEX_KEYS.state("created"),
      toState: ORDER_INDEX_KEYS.state("reserved"), upstreamRef: ORDER_INDEX_KEYS.ref(""), sessionRef: ORDER_INDEX_KEYS.ref(""), intentRef: ORDER_INDEX_KEYS.ref(""),
    };
    const args = { expected: created.value.text, value: text, member: record.id, dueAt: "", reread: "", listScore: listScore(record.createdAt), upstreamSet: "", sessionSet: "", intentSet: "" };
    expect(await kv.run(saveOrderScript, { keys, args })).toBe("saved");
    expect(await kv.run(saveOrderScript, { keys, args })).toBe("already");
    await expectConsistent(kv, [record.id]);

    // A writer still holding the old text loses and moves nothing in any index.
    expect((await stores[1]!.save(created.value, { to: "failed", note: { kind: "reservationFailed" } })).ok).toBe(false);
    await expectConsistent(kv, [record.id]);

    // Many writers from the same read, on separate connections: one wins, the sets follow it.
    const current = await stores[0]!.read(record.id);
    if (!current.ok) throw new Error("read failed");
    const results = await race(instances, 12, (_one, i) =>
      stores[i % stores.length]!.save(current.value, { to: i % 2 ? "awaiting_payment" : "releasing", note: { kind: "stepFailed", values: { message: `worker ${i}` } } }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    await expectConsistent(kv, [record.id]);
  });

  it("writes the lookups of ids an order is created with", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const order = sampleOrder({ id: "01KA0000000000000000000004" });
    await store.create({ ...order, upstream: { ...order.upstream, orderId: "U-1" }, payment: { ...order.payment, paymentIntentId: "pi_1" } });
    expect(await kv.get(ORDER_INDEX_KEYS.ref("U-1"))).toBe(order.id);
    expect(await kv.get(ORDER_INDEX_KEYS.ref("pi_1"))).toBe(order.id);
    expect(await kv.get(ORDER_INDEX_KEYS.ref(""))).toBeNull();
  });

  it("backfills orders stored before the indexes, once however often it runs, and never from a stale read", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    // Three orders as an earlier release stored them: the record alone.
    const old = [5, 6, 7].map((n) => sampleOrder({ id: `01KA000000000000000000000${n}`, createdAt: T0 - n, payment: { ...sampleOrder().payment, paymentIntentId: `pi_old_${n}` } }));
    for (const record of old) await kv.set(ORDER_KEYS.order(record.id), JSON.stringify(record));
    await kv.set(ORDER_KEYS.order("01KA0000000000000000000009"), "{not an order");
    // One moves after the upgrade: its save puts it in its new state's set before any backfill.
    const read = await store.read(old[0]!.id);
    if (!read.ok) throw new Error("read failed");
    const moved = await store.save(read.value, { to: "failed", note: { kind: "reservationFailed" } });
    if (!moved.ok) throw new Error("save failed");

    // A backfill that read the order before that save is told so and writes nothing.
    const stale = JSON.stringify(old[0]);
    const keys = {
      order: ORDER_KEYS.order(old[0]!.id), created: ORDER_INDEX_KEYS.created, newest: ORDER_INDEX_KEYS.newest, state: ORDER_INDEX_KEYS.state("created"),
      product: ORDER_INDEX_KEYS.product(10), flow: ORDER_INDEX_KEYS.flow("reservation"), mode: ORDER_INDEX_KEYS.mode(false), email: ORDER_INDEX_KEYS.email(emailHash(old[0]!.email)),
      upstreamRef: ORDER_INDEX_KEYS.ref(""), sessionRef: ORDER_INDEX_KEYS.ref(""), intentRef: ORDER_INDEX_KEYS.ref(""),
    };
    const args = { expected: stale, member: old[0]!.id, createdAt: T0, listScore: -T0, upstreamSet: "", sessionSet: "", intentSet: "" };
    expect(await kv.run(indexOrderScript, { keys, args })).toBe("changed");
    expect(await kv.zCard(ORDER_INDEX_KEYS.state("created"))).toBe(0);

    const ids = [...old.map((o) => o.id), "01KA0000000000000000000009", "01KA000000000000000000000Z"];
    expect(await backfillOrderIndexes(kv, ids)).toEqual({ indexed: 3, missing: 1, unreadable: ["01KA0000000000000000000009"] });
    expect(await backfillOrderIndexes(kv, ids)).toEqual({ indexed: 3, missing: 1, unreadable: ["01KA0000000000000000000009"] });
    await expectConsistent(kv, old.map((o) => o.id));
    expect(await kv.get(ORDER_INDEX_KEYS.ref("pi_old_6"))).toBe(old[1]!.id);
    expect(await listOrderIdsCreatedBetween(kv, T0 - 10, T0)).toMatchObject({ ok: true, value: { ids: [old[2]!.id, old[1]!.id, old[0]!.id] } });
  });

  it("pages orders created in a period oldest first, orders sharing a millisecond included once", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const id = `01KA00000000000000000000${String(i).padStart(2, "0")}`;
      ids.push(id);
      // Five orders share each millisecond, so pages end in the middle of a tie.
      await store.create(sampleOrder({ id, createdAt: T0 + Math.floor(i / 5) }));
    }
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await listOrderIdsCreatedBetween(kv, T0, T0 + 3, { after, limit: 4 });
      if (!page.ok) throw new Error(page.error.code);
      seen.push(...page.value.ids);
      if (page.value.next === null) break;
      after = page.value.next;
    }
    expect(seen).toEqual(ids.slice(0, 20)); // T0 + 4 is outside the period
    expect(await listOrderIdsCreatedBetween(kv, T0, T0 + 3, { after: "nonsense" })).toMatchObject({ ok: false, error: { code: "invalid_cursor" } });
    await expectConsistent(kv, ids);
  });
});
