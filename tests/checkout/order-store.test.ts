// The order store on all three KV drivers: create once, moves checked against the state
// table, compare-and-set races with exactly one winner, a replay after a lost reply recognised
// as already applied, and the sweep's deadline index kept with every write.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { ORDER_EMAIL_GRACE_MS, ORDER_KEYS, createOrderStore, readOrders, readOrderText, type StoredOrder } from "@/lib/checkout/store/order-store";
import { orderEmailSentScript } from "@/lib/checkout/store/order-email-sent-script";
import { saveOrderAndLetGoScript, saveOrderScript } from "@/lib/checkout/store/save-order-script";
import { driversForFile } from "../kv/drivers";
import { race } from "../kv/helpers";

const { drivers, track } = await driversForFile();

const clock = { now: () => 1_800_000_000_000 };

function sampleOrder(id = "01KA0000000000000000000000"): OrderRecord {
  return {
    id,
    flow: "reservation",
    state: "created",
    createdAt: clock.now(),
    updatedAt: clock.now(),
    capabilityHash: "a".repeat(64),
    capabilitySealed: "v1.a.b.c",
    email: "buyer@example.com",
    item: { kind: "voucher", gameId: 10, voucherId: 100, name: "Gift card 10", deliveryMethod: "voucher_code" },
    account: null,
    activation: false,
    test: false,
    quote: { price: { minor: 1100, currency: "USD" }, cost: { minor: 1000, currency: "USD" } },
    upstream: { orderId: null, status: null, amountCharged: null, reservationEndsAt: null, errorText: null, payMayExist: false },
    payment: { sessionId: null, paymentIntentId: null, url: null, expiresAt: null, openAttempt: 0, authorizedAt: null, refundId: null },
    delivery: { code: null, code2: null, expiresAt: null, activation: null },
    reason: null,
    nextCheckAt: clock.now(),
    attempts: 0,
    alert: null,
    events: [],
  };
}

describe.each(drivers)("checkout order store: $name", ({ name, skipReason, open }) => {
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

  it("creates an order once and reads it back as stored", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const created = await store.create(sampleOrder());
    expect(created.ok).toBe(true);
    const again = await store.create({ ...sampleOrder(), email: "other@example.com" });
    // A replay of the identical create is "already" stored (ok); a different record is a conflict.
    expect(again).toEqual({ ok: false, error: { code: "conflict" } });
    expect(await store.create(sampleOrder())).toMatchObject({ ok: true });
    const read = await store.read(sampleOrder().id);
    expect(read.ok && read.value.record).toEqual(sampleOrder());
    expect(await store.read("01KA0000000000000000000001")).toEqual({
      ok: false,
      error: { code: "not_found", orderId: "01KA0000000000000000000001" },
    });
  });

  it("reads many orders at once, each with its own answer, in the order asked", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const first = sampleOrder("01KA0000000000000000000002");
    const second = sampleOrder("01KA0000000000000000000003");
    await store.create(first);
    await store.create(second);
    await kv.set(ORDER_KEYS.order("01KA0000000000000000000004"), "{not an order");
    const read = await readOrders(kv, [second.id, "01KA0000000000000000000009", "01KA0000000000000000000004", first.id]);
    expect(read.map((r) => (r.ok ? r.value.record.id : r.error.code))).toEqual([second.id, "not_found", "unreadable", first.id]);
    expect(read[0]?.ok && read[0].value.text).toBe(await readOrderText(kv, second.id));
    expect(await readOrderText(kv, "01KA0000000000000000000009")).toBeNull();
  });

  it("moves only along the state table and logs every move", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const created = await store.create(sampleOrder());
    if (!created.ok) throw new Error("create failed");
    expect(await store.save(created.value, { to: "delivered", note: { kind: "upstreamDeliveredStatus", values: { status: 2 } } })).toEqual({
      ok: false,
      error: { code: "invalid_move", from: "created", to: "delivered" },
    });
    const reserved = await store.save(created.value, {
      to: "reserved",
      note: { kind: "upstreamStatus", values: { status: 6 } },
      patch: { upstream: { ...sampleOrder().upstream, orderId: "555", status: 6 } },
    });
    expect(reserved.ok).toBe(true);
    const read = await store.read(sampleOrder().id);
    if (!read.ok) throw new Error("read failed");
    expect(read.value.record.state).toBe("reserved");
    expect(read.value.record.events).toEqual([
      { at: clock.now(), what: "created → reserved: upstream status 6", words: { kind: "upstreamStatus", values: { status: 6 } }, to: "reserved", upstreamOrderId: "555", paymentId: null },
    ]);
  });

  it("refuses to save a change a read could not take back, and leaves the order as it was", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const created = await store.create(sampleOrder());
    if (!created.ok) throw new Error("create failed");
    // A save checks only what it changes (the rest was checked as it was read): the patch, a
    // nested field of it and the event it logs are all checked.
    const unreadable = { ...sampleOrder().upstream, amountCharged: { minor: 1.5, currency: "USD" } };
    await expect(store.save(created.value, { note: { kind: "upstreamStatus", values: { status: 6 } }, patch: { upstream: unreadable } })).rejects.toThrow();
    await expect(store.save(created.value, { note: { kind: "upstreamStatus", values: { status: 6 } }, patch: { attempts: -1 } })).rejects.toThrow();
    expect(await readOrderText(kv, sampleOrder().id)).toBe(created.value.text);
    // What the schema fills in on a read is filled in on a save too, so the two agree.
    const withoutDefault: Partial<OrderRecord["upstream"]> = { ...sampleOrder().upstream };
    delete withoutDefault.payMayExist;
    const saved = await store.save(created.value, { note: { kind: "upstreamStatus", values: { status: 6 } }, patch: { upstream: withoutDefault as OrderRecord["upstream"] } });
    expect(saved.ok && saved.value.record.upstream.payMayExist).toBe(false);
    const read = await store.read(sampleOrder().id);
    expect(read.ok && read.value.record).toEqual(saved.ok && saved.value.record);
  });

  it("creates an order with its deadline and its order email pending, in one write", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    await store.create(sampleOrder());
    await store.create({ ...sampleOrder("01KA0000000000000000000003"), nextCheckAt: null });
    expect(await kv.zRangeByScore(ORDER_KEYS.due)).toEqual([{ member: sampleOrder().id, score: clock.now() }]);
    expect((await kv.zRangeByScore(ORDER_KEYS.mail)).map((e) => [e.member, e.score])).toEqual([
      [sampleOrder().id, clock.now() + ORDER_EMAIL_GRACE_MS],
      ["01KA0000000000000000000003", clock.now() + ORDER_EMAIL_GRACE_MS],
    ]);
  });

  it("marks an order email sent and takes it out of the outbox in one write", async () => {
    const [kv] = kvs(1) as [Kv];
    await createOrderStore(kv, clock).create(sampleOrder());
    const keys = { claim: "mail-claim", outbox: ORDER_KEYS.mail };
    expect(await kv.run(orderEmailSentScript, { keys, args: { member: sampleOrder().id, ttlMs: 60_000 } })).toBe(true);
    expect(await kv.get("mail-claim")).toBe("sent");
    expect(await kv.zCard(ORDER_KEYS.mail)).toBe(0);
  });

  it("lets exactly one of many concurrent moves from the same read win", async () => {
    const instances = kvs(3);
    const stores = instances.map((kv) => createOrderStore(kv, clock));
    const created = await stores[0]!.create(sampleOrder());
    if (!created.ok) throw new Error("create failed");
    const base: StoredOrder = created.value;
    const results = await race(instances, 12, (_kv, i) =>
      stores[i % stores.length]!.save(base, { to: i % 2 ? "reserved" : "failed", note: { kind: "stepFailed", values: { message: `worker ${i}` } } }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error.code === "conflict")).toBe(true);
  });

  it("recognises its own write replayed after a lost reply", async () => {
    const [kv] = kvs(1) as [Kv];
    const args = { expected: "", value: '{"v":1}', member: "m", dueAt: "5", reread: "", listScore: "-5", upstreamSet: "", sessionSet: "", intentSet: "" };
    const keys = { order: "o", due: "d", recheck: "r", fromState: "s1", toState: "s2", upstreamRef: "u", sessionRef: "c", intentRef: "p" };
    expect(await kv.run(saveOrderScript, { keys, args })).toBe("saved");
    expect(await kv.run(saveOrderScript, { keys, args })).toBe("already");
    expect(await kv.run(saveOrderScript, { keys, args: { ...args, value: '{"v":2}' } })).toBe("conflict");
  });

  it("lets go of a lease in the save's own write only when the save lands, reading the wake-up mark with it", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const created = await store.create(sampleOrder());
    if (!created.ok) throw new Error("create failed");
    const letGo = { key: "lease", token: "mine", markKey: "mark" };
    await kv.setIfAbsent("lease", "mine", { ttlMs: 60_000 });
    await kv.set("mark", "payment:x");
    const note = { kind: "stepFailed", values: { message: "m" } } as const;
    const saved = await store.save(created.value, { note, patch: { attempts: 1 } }, letGo);
    expect(saved.ok && saved.value.letGo).toEqual({ released: true, mark: "payment:x" });
    expect(await kv.get("lease")).toBeNull();
    expect(await kv.get("mark")).toBe("payment:x"); // read, not taken
    // A save that loses the compare-and-set keeps the lease: its run reads again and goes on.
    await kv.setIfAbsent("lease", "mine", { ttlMs: 60_000 });
    expect(await store.save(created.value, { note, patch: { attempts: 2 } }, letGo)).toEqual({ ok: false, error: { code: "conflict" } });
    expect(await kv.get("lease")).toBe("mine");
    // Another's lease stays; no mark reads as null.
    await kv.del("mark");
    if (!saved.ok) throw new Error("save failed");
    const again = await store.save(saved.value, { note, patch: { attempts: 3 } }, { ...letGo, token: "theirs" });
    expect(again.ok && again.value.letGo).toEqual({ released: false, mark: null });
    expect(await kv.get("lease")).toBe("mine");
    expect(await store.read(sampleOrder().id)).toMatchObject({ ok: true, value: { record: { attempts: 3 } } });
  });

  it("saves and lets go as one script: replayed after a lost reply it answers already, and lets go all the same", async () => {
    const [kv] = kvs(1) as [Kv];
    const args = { expected: "", value: '{"v":1}', member: "m", dueAt: "5", reread: "", listScore: "-5", upstreamSet: "", sessionSet: "", intentSet: "", token: "t" };
    const keys = { order: "o", due: "d", recheck: "r", fromState: "s1", toState: "s2", upstreamRef: "u", sessionRef: "c", intentRef: "p", lease: "l", mark: "w" };
    await kv.setIfAbsent("l", "t", { ttlMs: 60_000 });
    expect(await kv.run(saveOrderAndLetGoScript, { keys, args })).toEqual({ reply: "saved", letGo: { released: true, mark: null } });
    expect(await kv.zRangeByScore("d")).toEqual([{ member: "m", score: 5 }]);
    await kv.setIfAbsent("l", "t", { ttlMs: 60_000 });
    await kv.set("w", "any:n");
    expect(await kv.run(saveOrderAndLetGoScript, { keys, args })).toEqual({ reply: "already", letGo: { released: true, mark: "any:n" } });
    await kv.setIfAbsent("l", "t", { ttlMs: 60_000 });
    expect(await kv.run(saveOrderAndLetGoScript, { keys, args: { ...args, value: '{"v":2}' } })).toEqual({ reply: "conflict", letGo: null });
    expect(await kv.get("l")).toBe("t");
  });

  it("keeps the deadline index with the record's next check, and drops orders that wait for nothing", async () => {
    const [kv] = kvs(1) as [Kv];
    const store = createOrderStore(kv, clock);
    const later = { ...sampleOrder("01KA0000000000000000000002"), nextCheckAt: clock.now() + 60_000 };
    const createdNow = await store.create(sampleOrder());
    await store.create(later);
    expect(await store.due(10)).toEqual({ ok: true, value: [sampleOrder().id] });
    if (!createdNow.ok) throw new Error("create failed");
    await store.save(createdNow.value, { to: "failed", note: { kind: "reservationRefused", values: { code: "102" } }, patch: { nextCheckAt: null } });
    expect(await store.due(10)).toEqual({ ok: true, value: [] });
    expect(await kv.zCard(ORDER_KEYS.due)).toBe(1);
  });
});
