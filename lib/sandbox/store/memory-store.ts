// The in-process SandboxStore. Records are copied on the way in and out, so that nothing here
// works that would not work on Redis (shared references). Outbox entries and reconciliations
// go through JSON; orders, read and written on every request, through copyOrder, whose types
// keep them plain JSON (no Dates, no undefined). Each method runs without awaiting in the
// middle, which makes it atomic on one event loop.
import { toMinor } from "@/lib/money/minor-units";
import type { Fixture } from "../fixture/schema";
import { copyOrder } from "./copy-order";
import type { OrderRecord, OutboxEntry, ReconciliationRecord } from "./records";
import type { ClaimResult, CommitResult, OrderCommit, SandboxStore } from "./sandbox-store";

interface QueuedEntry extends OutboxEntry {
  leaseUntilMs: number;
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function toEntry(queued: QueuedEntry): OutboxEntry {
  const { orderId, seq, url, headers, body, attempts, notBeforeMs } = copy(queued);
  return { orderId, seq, url, headers, body, attempts, notBeforeMs };
}

export function createMemoryStore(fixture: Fixture): SandboxStore {
  let lastOrderId = 1_000_000;
  const orders = new Map<string, OrderRecord>();
  const extIndex = new Map<string, string>();
  const balances = new Map(fixture.partners.map((p) => [p.partner_id, toMinor(p.balance)]));
  const outboxes = new Map<string, QueuedEntry[]>();
  let lastSeq = 0;
  const reconciliations = new Map<string, ReconciliationRecord[]>();

  const extKey = (partnerId: number, ext: string) => `${partnerId}:${ext}`;
  const balanceOf = (partnerId: number) => balances.get(partnerId) ?? 0;

  return {
    async nextOrderId() {
      lastOrderId += 1;
      return String(lastOrderId);
    },

    async getOrder(orderId) {
      const order = orders.get(orderId);
      return order ? copyOrder(order) : null;
    },

    async findOrderIdByExt(partnerId, extOrderId) {
      return extIndex.get(extKey(partnerId, extOrderId)) ?? null;
    },

    async listOrdersCreatedBetween(partnerId, fromMs, toMs) {
      const found: OrderRecord[] = [];
      for (const order of orders.values()) {
        if (order.partnerId === partnerId && order.createdAt >= fromMs && order.createdAt <= toMs) found.push(copyOrder(order));
      }
      return found;
    },

    async getBalanceMinor(partnerId) {
      return balanceOf(partnerId);
    },

    async commit(change: OrderCommit): Promise<CommitResult> {
      const { order, expectedVersion, balanceDeltaMinor } = change;
      const current = orders.get(order.id);
      if (expectedVersion === null) {
        if (order.extOrderId !== null) {
          const existing = extIndex.get(extKey(order.partnerId, order.extOrderId));
          if (existing !== undefined) return { ok: false, reason: "duplicate_ext", existingOrderId: existing };
        }
        if (current) return { ok: false, reason: "version_conflict", current: copyOrder(current) };
      } else if (!current || current.version !== expectedVersion) {
        return { ok: false, reason: "version_conflict", current: current ? copyOrder(current) : null };
      }
      const balance = balanceOf(order.partnerId) + balanceDeltaMinor;
      if (balance < 0) return { ok: false, reason: "insufficient_balance", balanceMinor: balanceOf(order.partnerId) };

      const stored = copyOrder(order);
      stored.version = (expectedVersion ?? 0) + 1;
      orders.set(stored.id, stored);
      if (stored.extOrderId !== null) extIndex.set(extKey(stored.partnerId, stored.extOrderId), stored.id);
      balances.set(stored.partnerId, balance);
      if (change.notifications?.length) {
        const queue = outboxes.get(stored.id) ?? [];
        for (const n of change.notifications) {
          lastSeq += 1;
          queue.push({ ...copy(n), orderId: stored.id, seq: lastSeq, attempts: 0, notBeforeMs: 0, leaseUntilMs: 0 });
        }
        outboxes.set(stored.id, queue);
      }
      return { ok: true, order: copyOrder(stored), balanceMinor: balance };
    },

    async claimNotification(orderId, nowMs, leaseMs): Promise<ClaimResult> {
      const head = outboxes.get(orderId)?.[0];
      if (!head) return null;
      const busyUntil = Math.max(head.leaseUntilMs, head.notBeforeMs);
      if (busyUntil > nowMs) return { retryAtMs: busyUntil };
      head.leaseUntilMs = nowMs + leaseMs;
      return { entry: toEntry(head) };
    },

    async settleNotification(orderId, seq, retry) {
      const queue = outboxes.get(orderId);
      const head = queue?.[0];
      if (!queue || !head || head.seq !== seq) return;
      if (retry) {
        head.attempts = retry.attempts;
        head.notBeforeMs = retry.notBeforeMs;
        head.leaseUntilMs = 0;
      } else {
        queue.shift();
        if (queue.length === 0) outboxes.delete(orderId);
      }
    },

    async recordReconciliations(records) {
      for (const record of records) {
        const list = reconciliations.get(record.orderId) ?? [];
        list.push(copy(record));
        reconciliations.set(record.orderId, list);
      }
    },

    async listReconciliations(orderId) {
      return copy(reconciliations.get(orderId) ?? []);
    },
  };
}
