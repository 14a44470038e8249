// Where the KV store keeps one sandbox's state. Every key starts with the namespace, so two
// sandboxes (or two fixtures) sharing one Redis never see each other's orders.
import { createHash } from "node:crypto";
import type { Fixture } from "../../fixture/schema";

/**
 * "sandbox:" + a hash of the fixture's partners and services: editing them starts fresh state
 * instead of mixing balances and orders made under the old catalogue with the new one.
 */
export function sandboxNamespace(fixture: Fixture): string {
  const digest = createHash("sha256").update(JSON.stringify({ partners: fixture.partners, services: fixture.services }));
  return `sandbox:${digest.digest("hex").slice(0, 16)}`;
}

export function sandboxKeys(namespace: string) {
  const k = (...parts: (string | number)[]) => [namespace, ...parts].join(":");
  return {
    /** Counter behind order ids. */
    orderSeq: k("order-seq"),
    /** Counter behind notification seqs, global so that a seq is never reused. */
    notificationSeq: k("notification-seq"),
    /** The order's JSON. */
    order: (orderId: string) => k("order", orderId),
    /** The order's version alone, so that a script compares it without parsing JSON. */
    orderVersion: (orderId: string) => k("order-version", orderId),
    /** ext_order_id → order id, per partner. */
    ext: (partnerId: number, extOrderId: string) => k("ext", partnerId, extOrderId),
    /** Sorted set of the partner's order ids scored by createdAt. */
    ordersByCreation: (partnerId: number) => k("orders-by-created", partnerId),
    /** Integer minor units; absent until the first commit of the partner. */
    balance: (partnerId: number) => k("balance", partnerId),
    /** The order's pending notifications, one line each (see outbox-lines.ts). */
    outbox: (orderId: string) => k("outbox", orderId),
    /** The order's reconciliation records, one JSON line each. */
    reconciliations: (orderId: string) => k("reconciliations", orderId),
  };
}
