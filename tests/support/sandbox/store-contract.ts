// The behaviour every SandboxStore must have, as a suite a Redis implementation can run too:
// `describeSandboxStore("redis", (fixture) => createRedisStore(...))`.
import { describe, expect, it } from "vitest";
import { fixtureSchema, type Fixture } from "@/lib/sandbox/fixture/schema";
import type { OrderRecord } from "@/lib/sandbox/store/records";
import type { SandboxStore } from "@/lib/sandbox/store/sandbox-store";

export const contractFixture: Fixture = fixtureSchema.parse({
  partners: [
    { partner_id: 1, partner_name: "P1", user_id: 1, user_name: "u1", login: "l1", api_key: "k1", balance: 10 },
    { partner_id: 2, partner_name: "P2", user_id: 2, user_name: "u2", login: "l2", api_key: "k2", balance: 0 },
  ],
  services: [],
});

export function sampleOrder(id: string, overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id, version: 0, partnerId: 1, extOrderId: null, createdAt: 1_000, test: false, reservation: false, activation: false,
    kind: "voucher", gameId: 20, gameName: "G", gameCurrency: "USD", voucherId: 2001, voucherName: "V", gameCoins: 10,
    deliveryMethod: "voucher_code", account: null, amountMinor: 1000, amountCurrency: "USD", chargedMinor: 950,
    chargedCurrency: "USD", discountRate: 5, codeParts: 1, codeValidDays: 365,
    plan: { outcome: "success", latencyMs: 0, refundAfterMs: 0, activationMs: 0, activationFails: false, failText: "x" },
    deliveryMaxMs: 3_600_000, status: 1, errorText: null, statusChangedAt: 1_000, activationVoucher: null,
    voucherCode: null, voucherCode2: null, codeExpiresAt: null, debitedMinor: 950, activationAttempts: 0,
    processingAt: 1_000, reservationExpiresAt: null, supplierDoneAt: 1_000, activationDoneAt: null, refundAt: null,
    ...overrides,
  };
}

const note = (n: number) => ({ url: "https://p.example/n", headers: { a: "b" }, body: { n } });

export function describeSandboxStore(name: string, make: (fixture: Fixture) => SandboxStore | Promise<SandboxStore>): void {
  describe(`SandboxStore contract: ${name}`, () => {
    it("issues unique digit-string order ids", async () => {
      const store = await make(contractFixture);
      const ids = await Promise.all(Array.from({ length: 50 }, () => store.nextOrderId()));
      expect(new Set(ids).size).toBe(50);
      for (const id of ids) expect(id).toMatch(/^\d+$/);
    });

    it("starts balances from the fixture and creates with a debit, versioned 1", async () => {
      const store = await make(contractFixture);
      expect(await store.getBalanceMinor(1)).toBe(1000);
      const result = await store.commit({ order: sampleOrder("1"), expectedVersion: null, balanceDeltaMinor: -950 });
      expect(result).toMatchObject({ ok: true, balanceMinor: 50, order: { id: "1", version: 1 } });
      expect(await store.getOrder("1")).toEqual(sampleOrder("1", { version: 1 }));
      expect(await store.getBalanceMinor(1)).toBe(50);
    });

    it("refuses a change that would take the balance below zero, changing nothing", async () => {
      const store = await make(contractFixture);
      const result = await store.commit({ order: sampleOrder("1", { partnerId: 2 }), expectedVersion: null, balanceDeltaMinor: -1 });
      expect(result).toEqual({ ok: false, reason: "insufficient_balance", balanceMinor: 0 });
      expect(await store.getOrder("1")).toBeNull();
      expect(await store.getBalanceMinor(2)).toBe(0);
    });

    it("checks versions (optimistic concurrency)", async () => {
      const store = await make(contractFixture);
      await store.commit({ order: sampleOrder("1"), expectedVersion: null, balanceDeltaMinor: 0 });
      const stale = await store.commit({ order: sampleOrder("1", { status: 3 }), expectedVersion: 0, balanceDeltaMinor: 5 });
      expect(stale).toMatchObject({ ok: false, reason: "version_conflict", current: { version: 1, status: 1 } });
      const fresh = await store.commit({ order: sampleOrder("1", { status: 2 }), expectedVersion: 1, balanceDeltaMinor: 0 });
      expect(fresh).toMatchObject({ ok: true, order: { version: 2, status: 2 } });
      expect(await store.getBalanceMinor(1)).toBe(1000);
      const again = await store.commit({ order: sampleOrder("1"), expectedVersion: null, balanceDeltaMinor: 0 });
      expect(again).toMatchObject({ ok: false, reason: "version_conflict" });
    });

    it("keeps ext_order_id unique per partner and answers the existing order id", async () => {
      const store = await make(contractFixture);
      await store.commit({ order: sampleOrder("1", { extOrderId: "E" }), expectedVersion: null, balanceDeltaMinor: 0 });
      const dup = await store.commit({ order: sampleOrder("2", { extOrderId: "E" }), expectedVersion: null, balanceDeltaMinor: 0 });
      expect(dup).toEqual({ ok: false, reason: "duplicate_ext", existingOrderId: "1" });
      const other = await store.commit({ order: sampleOrder("3", { extOrderId: "E", partnerId: 2 }), expectedVersion: null, balanceDeltaMinor: 0 });
      expect(other.ok).toBe(true);
      expect(await store.findOrderIdByExt(1, "E")).toBe("1");
      expect(await store.findOrderIdByExt(2, "E")).toBe("3");
      expect(await store.findOrderIdByExt(1, "F")).toBeNull();
    });

    it("lists a partner's orders by creation time, bounds inclusive", async () => {
      const store = await make(contractFixture);
      for (const [id, createdAt, partnerId] of [["1", 100, 1], ["2", 200, 1], ["3", 300, 1], ["4", 200, 2]] as const) {
        await store.commit({ order: sampleOrder(id, { createdAt, partnerId }), expectedVersion: null, balanceDeltaMinor: 0 });
      }
      const listed = await store.listOrdersCreatedBetween(1, 200, 300);
      expect(listed.map((o) => o.id).sort()).toEqual(["2", "3"]);
    });

    it("keeps each order's outbox in order, leases the head, retries and removes it", async () => {
      const store = await make(contractFixture);
      await store.commit({ order: sampleOrder("1"), expectedVersion: null, balanceDeltaMinor: 0, notifications: [note(1), note(2)] });
      const first = await store.claimNotification("1", 10, 100);
      expect(first).toMatchObject({ entry: { orderId: "1", body: { n: 1 }, headers: { a: "b" }, attempts: 0 } });
      expect(await store.claimNotification("1", 20, 100)).toEqual({ retryAtMs: 110 }); // leased
      if (!first || !("entry" in first)) throw new Error("expected an entry");
      await store.settleNotification("1", first.entry.seq, { attempts: 1, notBeforeMs: 500 });
      expect(await store.claimNotification("1", 30, 100)).toEqual({ retryAtMs: 500 });
      const retried = await store.claimNotification("1", 500, 100);
      expect(retried).toMatchObject({ entry: { body: { n: 1 }, attempts: 1 } });
      if (!retried || !("entry" in retried)) throw new Error("expected an entry");
      await store.settleNotification("1", retried.entry.seq, null);
      await store.settleNotification("1", retried.entry.seq, null); // a second settle of the same entry is ignored
      expect(await store.claimNotification("1", 600, 100)).toMatchObject({ entry: { body: { n: 2 } } });
      expect(await store.claimNotification("2", 600, 100)).toBeNull();
    });

    it("appends no notification when the commit fails", async () => {
      const store = await make(contractFixture);
      await store.commit({ order: sampleOrder("1"), expectedVersion: null, balanceDeltaMinor: -5000, notifications: [note(1)] });
      expect(await store.claimNotification("1", 0, 100)).toBeNull();
    });

    it("records reconciliations per order", async () => {
      const store = await make(contractFixture);
      const record = {
        orderId: "1", partnerId: 1, revisedAt: 5, result: "match" as const, partnerStatus: 2, partnerAmountMinor: 950,
        partnerTransactionTime: "15.01.2026 12:00:00", serviceStatus: 2, serviceAmountMinor: 950,
      };
      await store.recordReconciliations([record, { ...record, orderId: "2" }, { ...record, revisedAt: 6 }]);
      expect(await store.listReconciliations("1")).toEqual([record, { ...record, revisedAt: 6 }]);
      expect(await store.listReconciliations("3")).toEqual([]);
    });
  });
}
