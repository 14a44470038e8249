// The sandbox's state, behind an async interface small enough to implement on Redis/Upstash
// with one Lua script per method: a serverless deployment has no memory that outlives a
// request, so every rule that needs atomicity (versions, ext_order_id uniqueness, balance
// never below zero, notification order) is enforced here, not in the engine's memory.
import type { NewNotification, OrderRecord, OutboxEntry, ReconciliationRecord } from "./records";

export type * from "./records";

export interface OrderCommit {
  /** The order as it should be stored; the store sets its `version`. */
  order: OrderRecord;
  /** The version read before the change; null creates the order. */
  expectedVersion: number | null;
  /** Added to the partner's balance: negative debits, positive credits. */
  balanceDeltaMinor: number;
  /** Appended to the order's outbox in this order, atomically with the change. */
  notifications?: NewNotification[];
}

export type CommitResult =
  | { ok: true; order: OrderRecord; balanceMinor: number }
  | { ok: false; reason: "version_conflict"; current: OrderRecord | null }
  | { ok: false; reason: "insufficient_balance"; balanceMinor: number }
  | { ok: false; reason: "duplicate_ext"; existingOrderId: string };

export type ClaimResult =
  /** The head of the outbox, leased to the caller until `nowMs + leaseMs`. */
  | { entry: OutboxEntry }
  /** The head is waiting for a retry delay or leased by another delivery: try again then. */
  | { retryAtMs: number }
  /** The outbox is empty. */
  | null;

export interface SandboxStore {
  /** A new order id: a string of digits, unique across the service. */
  nextOrderId(): Promise<string>;
  getOrder(orderId: string): Promise<OrderRecord | null>;
  findOrderIdByExt(partnerId: number, extOrderId: string): Promise<string | null>;
  /** The partner's orders with `fromMs <= createdAt <= toMs`. */
  listOrdersCreatedBetween(partnerId: number, fromMs: number, toMs: number): Promise<OrderRecord[]>;
  /** The partner's balance; starts at the fixture's value. */
  getBalanceMinor(partnerId: number): Promise<number>;
  /**
   * All or nothing: checks the version (or, on create, that the partner's ext_order_id is
   * new), applies the balance delta only if the balance stays >= 0, stores the order and
   * appends its notifications.
   */
  commit(change: OrderCommit): Promise<CommitResult>;
  /** Lease the head of an order's outbox if it is due. */
  claimNotification(orderId: string, nowMs: number, leaseMs: number): Promise<ClaimResult>;
  /**
   * Settle the leased head: `retry` keeps it for another attempt, null removes it
   * (delivered or dropped). Ignored if `seq` is no longer the head.
   */
  settleNotification(orderId: string, seq: number, retry: { attempts: number; notBeforeMs: number } | null): Promise<void>;
  /** Store what /api/revise found, all records of one call at once. */
  recordReconciliations(records: ReconciliationRecord[]): Promise<void>;
  listReconciliations(orderId: string): Promise<ReconciliationRecord[]>;
}
