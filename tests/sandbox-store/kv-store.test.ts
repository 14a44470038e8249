// The KV-backed SandboxStore on all three drivers: the store contract every implementation
// passes, the races a multi-process deployment produces, and a whole sandbox that keeps its
// orders from one "invocation" to the next.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { fixtureSchema, type Fixture } from "@/lib/sandbox/fixture/schema";
import { createKvSandboxStore, sandboxNamespace } from "@/lib/sandbox/store/kv-store";
import { contractFixture, describeSandboxStore, sampleOrder } from "@/tests/support/sandbox/store-contract";
import { driversForFile } from "../kv/drivers";
import { expectKvError, race } from "../kv/helpers";

const { drivers, track } = await driversForFile();

const note = (n: number) => ({ url: "https://p.example/n", headers: {}, body: { n } });

describe.each(drivers)("kv sandbox store: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }

  /** Several Kv instances over one fresh prefix: separate connections or LMDB handles, as separate processes have. */
  function processes(count: number): Kv[] {
    const prefix = `${randomUUID()}:`;
    return Array.from({ length: count }, () => track(open(prefix)));
  }

  describeSandboxStore(`kv ${name}`, (fixture) => {
    const [kv] = processes(1);
    if (!kv) throw new Error("no kv");
    return createKvSandboxStore({ kv, fixture });
  });

  it("creates one order when 20 processes race with one ext_order_id", async () => {
    const kvs = processes(4);
    const stores = kvs.map((kv) => createKvSandboxStore({ kv, fixture: contractFixture }));
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const store = stores[i % stores.length];
        if (!store) throw new Error("no store");
        const id = await store.nextOrderId();
        return store.commit({ order: sampleOrder(id, { extOrderId: "SAME" }), expectedVersion: null, balanceDeltaMinor: -10 });
      }),
    );
    const created = results.flatMap((r) => (r.ok ? [r.order.id] : []));
    expect(created).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r).toEqual({ ok: false, reason: "duplicate_ext", existingOrderId: created[0] });
    expect(await stores[1]?.findOrderIdByExt(1, "SAME")).toBe(created[0]);
    expect(await stores[2]?.getBalanceMinor(1)).toBe(990); // debited once, and initialised once
  });

  it("lets exactly the debits the balance covers through, from a balance nobody touched yet", async () => {
    // 10.50 covers ten debits of 1.00; all fifty are the partner's first commits, so each one
    // also races to initialise the balance from the fixture.
    const fixture = fixtureSchema.parse({ ...contractFixture, partners: contractFixture.partners.map((p) => ({ ...p, balance: 10.5 })) });
    const kvs = processes(5);
    const stores = kvs.map((kv) => createKvSandboxStore({ kv, fixture }));
    const results = await race(kvs, 50, (_, i) =>
      stores[i % stores.length]!.commit({ order: sampleOrder(`d${i}`), expectedVersion: null, balanceDeltaMinor: -100 }),
    );
    const succeeded = results.filter((r) => r.ok);
    expect(succeeded).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.reason === "insufficient_balance")).toHaveLength(40);
    expect(succeeded.map((r) => (r.ok ? r.balanceMinor : -1)).sort((a, b) => a - b)).toEqual([50, 150, 250, 350, 450, 550, 650, 750, 850, 950]);
    expect(await stores[0]!.getBalanceMinor(1)).toBe(50);
    expect(await stores[0]!.listOrdersCreatedBetween(1, 0, 10_000)).toHaveLength(10);
  });

  it("lets one of two versions of the same change win", async () => {
    const [a, b] = processes(2).map((kv) => createKvSandboxStore({ kv, fixture: contractFixture }));
    await a!.commit({ order: sampleOrder("1"), expectedVersion: null, balanceDeltaMinor: -950 });
    const refunds = await Promise.all(
      [a!, b!, a!, b!].map((store) => store.commit({ order: sampleOrder("1", { status: 3 }), expectedVersion: 1, balanceDeltaMinor: 950 })),
    );
    expect(refunds.filter((r) => r.ok)).toHaveLength(1);
    expect(await b!.getBalanceMinor(1)).toBe(1000); // credited back once
  });

  it("shares orders, balances, outboxes and reconciliations between processes", async () => {
    const [a, b] = processes(2).map((kv) => createKvSandboxStore({ kv, fixture: contractFixture }));
    const id = await a!.nextOrderId();
    expect(await b!.nextOrderId()).not.toBe(id);
    await a!.commit({ order: sampleOrder(id, { extOrderId: "X" }), expectedVersion: null, balanceDeltaMinor: -950, notifications: [note(1)] });
    expect(await b!.getOrder(id)).toEqual(sampleOrder(id, { extOrderId: "X", version: 1 }));
    expect(await b!.findOrderIdByExt(1, "X")).toBe(id);
    expect(await b!.getBalanceMinor(1)).toBe(50);
    expect((await b!.listOrdersCreatedBetween(1, 1_000, 1_000)).map((o) => o.id)).toEqual([id]);

    // Only one process may hold the head's lease at a time.
    const claims = await Promise.all([a!, b!, a!, b!, a!, b!].map((store) => store.claimNotification(id, 100, 1_000)));
    expect(claims.filter((c) => c !== null && "entry" in c)).toHaveLength(1);
    expect(claims.filter((c) => c !== null && "retryAtMs" in c)).toEqual(Array(5).fill({ retryAtMs: 1_100 }));

    const record = {
      orderId: id, partnerId: 1, revisedAt: 5, result: "match" as const, partnerStatus: 1, partnerAmountMinor: 950,
      partnerTransactionTime: "15.01.2026 12:00:00", serviceStatus: 1, serviceAmountMinor: 950,
    };
    await Promise.all([a!.recordReconciliations([record]), b!.recordReconciliations([{ ...record, revisedAt: 6 }])]);
    expect((await a!.listReconciliations(id)).map((r) => r.revisedAt).sort()).toEqual([5, 6]);
  });

  it("keeps epoch-millisecond times and awkward notification bodies exact", async () => {
    const [kv] = processes(1);
    const store = createKvSandboxStore({ kv: kv!, fixture: contractFixture });
    const now = Date.UTC(2026, 0, 15, 12, 0, 0, 123);
    const body = { text: "line\nbreak \"quoted\" Привет 🎟️", nested: { list: [1, null, true] } };
    await store.commit({
      order: sampleOrder("1", { createdAt: now }), expectedVersion: null, balanceDeltaMinor: 0,
      notifications: [{ url: "https://p.example/a b", headers: { "X-Sig": "a b\tc" }, body }, note(2)],
    });
    expect((await store.listOrdersCreatedBetween(1, now, now)).map((o) => o.createdAt)).toEqual([now]);
    const claim = await store.claimNotification("1", now, 15_000);
    expect(claim).toMatchObject({ entry: { url: "https://p.example/a b", headers: { "X-Sig": "a b\tc" }, body } });
    if (!claim || !("entry" in claim)) throw new Error("expected an entry");
    expect(await store.claimNotification("1", now + 1, 15_000)).toEqual({ retryAtMs: now + 15_000 });
    await store.settleNotification("1", claim.entry.seq, { attempts: 1, notBeforeMs: now + 7_200_000 });
    expect(await store.claimNotification("1", now + 1, 15_000)).toEqual({ retryAtMs: now + 7_200_000 });
    expect(await store.claimNotification("1", now + 7_200_000, 15_000)).toMatchObject({ entry: { attempts: 1, notBeforeMs: now + 7_200_000, body } });
  });

  it("keeps sandboxes with different namespaces apart", async () => {
    const [kv] = processes(1);
    const one = createKvSandboxStore({ kv: kv!, fixture: contractFixture, namespace: "one" });
    const two = createKvSandboxStore({ kv: kv!, fixture: contractFixture, namespace: "two" });
    await one.commit({ order: sampleOrder("1", { extOrderId: "E" }), expectedVersion: null, balanceDeltaMinor: -950 });
    expect(await two.getOrder("1")).toBeNull();
    expect(await two.findOrderIdByExt(1, "E")).toBeNull();
    expect(await two.getBalanceMinor(1)).toBe(1000);
  });

  it("refuses records it could not read back, and reports stored data that is not a record", async () => {
    const [kv] = processes(1);
    const store = createKvSandboxStore({ kv: kv!, fixture: contractFixture, namespace: "n" });
    const broken = { ...sampleOrder("1"), status: 9 } as unknown as ReturnType<typeof sampleOrder>;
    await expectKvError(store.commit({ order: broken, expectedVersion: null, balanceDeltaMinor: 0 }), "invalid_argument");
    expect(await store.getOrder("1")).toBeNull();
    await kv!.set("n:order:2", JSON.stringify({ id: "2" }));
    await expectKvError(store.getOrder("2"), "invalid_value");
  });
});

describe("sandboxNamespace", () => {
  it("changes with the partners and services, and only with them", () => {
    const base = sandboxNamespace(contractFixture);
    expect(base).toMatch(/^sandbox:[0-9a-f]{16}$/);
    expect(sandboxNamespace({ ...contractFixture, sync_wait_seconds: 1 })).toBe(base);
    const richer = { ...contractFixture, partners: contractFixture.partners.map((p) => ({ ...p, balance: p.balance + 1 })) };
    expect(sandboxNamespace(richer)).not.toBe(base);
  });
});

describe("a sandbox on the embedded KV store", () => {
  const embedded = drivers.find((d) => d.name === "embedded");

  async function sandboxOver(kv: Kv, fixture: Fixture) {
    const sandbox = createSandbox({ fixture, store: createKvSandboxStore({ kv, fixture }) });
    const call = async (method: string, path: string, init: { token?: string; body?: unknown } = {}) => {
      const headers: Record<string, string> = init.token ? { Authorization: `Bearer ${init.token}` } : {};
      const body = init.body === undefined ? undefined : JSON.stringify(init.body);
      const response = await sandbox.handle(new Request(`http://sandbox.test${path}`, { method, headers, body }));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return { sandbox, call };
  }

  it("answers a second invocation with the order the first one placed", async () => {
    if (!embedded) throw new Error("the embedded driver is always available");
    // A fixed secret: each invocation builds its own sandbox, and both must accept one token.
    const fixture = { ...(await loadFixture()), jwt_secret: "shared-secret-of-both-invocations" };
    const prefix = `${randomUUID()}:`;
    const first = await sandboxOver(track(embedded.open(prefix)), fixture);
    const login = await first.call("POST", "/api/auth/login", { body: { login: "demo", api_key: "demo-key" } });
    expect(login.status).toBe(200);
    const token = String(login.body.token);
    const paid = await first.call("POST", "/api/pay", { token, body: { voucher_id: "10101", test: 1, ext_order_id: "KV1" } });
    expect(paid).toMatchObject({ status: 200, body: { success: true, order_status: 2, ext_order_id: "KV1" } });
    first.sandbox.close();

    const second = await sandboxOver(track(embedded.open(prefix)), fixture);
    const info = await second.call("GET", `/api/get_order_info?order_id=${String(paid.body.order_id)}`, { token });
    expect(info).toMatchObject({ status: 200, body: { order_id: paid.body.order_id, order_status: 2, ext_order_id: "KV1" } });
    const again = await second.call("POST", "/api/pay", { token, body: { ext_order_id: "KV1", voucher_id: "10102" } });
    expect(again.body.order_id).toBe(paid.body.order_id);
    const balance = await second.call("GET", "/api/balance", { token });
    expect(balance.body.balance).toBe(1000); // a test order never debits
    second.sandbox.close();
  });
});
