// The SandboxStore on our KV layer (Upstash, Redis or the embedded LMDB store), for a sandbox
// whose requests land on different processes: serverless invocations, or the workers of one
// Next.js server. Every rule that needs atomicity is one script (./kv/*-script.ts) run by the
// KV server or in one LMDB transaction; reads are plain GETs, since every record is written
// whole. Records carry no TTL: the orders are the sandbox's record of what happened.
import { getJson, parseJsonValue } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { checkInteger } from "@/lib/kv/validate";
import { KvError } from "@/lib/kv/kv-error";
import { toMinor } from "@/lib/money/minor-units";
import type { Fixture } from "../fixture/schema";
import { appendLinesScript } from "./kv/append-lines-script";
import { claimNotificationScript } from "./kv/claim-notification-script";
import { commitOrderScript } from "./kv/commit-order-script";
import { sandboxKeys, sandboxNamespace } from "./kv/keys";
import { notificationSchema, orderRecordSchema, reconciliationRecordSchema } from "./kv/record-schemas";
import { settleNotificationScript } from "./kv/settle-notification-script";
import type { OrderRecord, ReconciliationRecord } from "./records";
import type { ClaimResult, CommitResult, OrderCommit, SandboxStore } from "./sandbox-store";

export { sandboxNamespace } from "./kv/keys";

export interface KvSandboxStoreOptions {
  kv: Kv;
  fixture: Fixture;
  /** Isolates this sandbox's keys; defaults to sandboxNamespace(fixture). */
  namespace?: string;
}

/** Order ids continue the memory store's numbering, so both look alike in logs and tests. */
const FIRST_ORDER_ID = 1_000_000;

export function createKvSandboxStore({ kv, fixture, namespace = sandboxNamespace(fixture) }: KvSandboxStoreOptions): SandboxStore {
  const keys = sandboxKeys(namespace);
  const initialBalances = new Map(fixture.partners.map((p) => [p.partner_id, toMinor(p.balance)]));
  const initialBalance = (partnerId: number) => initialBalances.get(partnerId) ?? 0;

  const getOrder = (orderId: string) => getJson(kv, keys.order(orderId), orderRecordSchema);

  return {
    async nextOrderId() {
      return String(FIRST_ORDER_ID + (await kv.incr(keys.orderSeq)));
    },

    getOrder,

    async findOrderIdByExt(partnerId, extOrderId) {
      return kv.get(keys.ext(partnerId, extOrderId));
    },

    async listOrdersCreatedBetween(partnerId, fromMs, toMs) {
      const entries = await kv.zRangeByScore(keys.ordersByCreation(partnerId), { min: fromMs, max: toMs });
      const orders = await Promise.all(entries.map((entry) => getOrder(entry.member)));
      // The commit script writes an order and its index entry together, and nothing deletes
      // orders, so a missing one would mean foreign data under our namespace.
      return orders.filter((order): order is OrderRecord => order !== null);
    },

    async getBalanceMinor(partnerId) {
      const key = keys.balance(partnerId);
      const text = await kv.get(key);
      if (text === null) return initialBalance(partnerId);
      return parseInteger(text, key);
    },

    async commit({ order, expectedVersion, balanceDeltaMinor, notifications = [] }: OrderCommit): Promise<CommitResult> {
      checkInteger("balanceDeltaMinor", balanceDeltaMinor);
      const newVersion = (expectedVersion ?? 0) + 1;
      // Checked on the way in, so that a record the store cannot read back is never written.
      const parsed = orderRecordSchema.safeParse({ ...order, version: newVersion });
      if (!parsed.success) throw new KvError("invalid_argument", `Order ${order.id} is not a valid record`, { cause: parsed.error });
      const stored = parsed.data;
      const notes = notifications.map(({ url, headers, body }) => JSON.stringify({ url, headers, body }));
      const reply = await kv.run(commitOrderScript, {
        keys: {
          order: keys.order(stored.id),
          version: keys.orderVersion(stored.id),
          ext: keys.ext(stored.partnerId, stored.extOrderId ?? ""),
          index: keys.ordersByCreation(stored.partnerId),
          balance: keys.balance(stored.partnerId),
          outbox: keys.outbox(stored.id),
          noteSeq: keys.notificationSeq,
        },
        args: {
          expectedVersion: expectedVersion === null ? "" : String(expectedVersion),
          newVersion,
          value: JSON.stringify(stored),
          orderId: stored.id,
          createdAt: stored.createdAt,
          hasExt: stored.extOrderId === null ? "0" : "1",
          initialBalance: initialBalance(stored.partnerId),
          delta: balanceDeltaMinor,
          notes: notes.join("\n"),
        },
      });
      switch (reply[0]) {
        case "ok":
          return { ok: true, order: stored, balanceMinor: reply[1] };
        case "insufficient_balance":
          return { ok: false, reason: "insufficient_balance", balanceMinor: reply[1] };
        case "duplicate_ext":
          return { ok: false, reason: "duplicate_ext", existingOrderId: reply[1] };
        case "version_conflict": {
          const current = reply[1] === undefined ? null : parseJsonValue(reply[1], keys.order(stored.id), orderRecordSchema);
          return { ok: false, reason: "version_conflict", current };
        }
      }
    },

    async claimNotification(orderId, nowMs, leaseMs): Promise<ClaimResult> {
      checkInteger("nowMs", nowMs);
      checkInteger("leaseMs", leaseMs);
      const reply = await kv.run(claimNotificationScript, {
        keys: { outbox: keys.outbox(orderId) },
        args: { nowMs, leaseUntilMs: nowMs + leaseMs },
      });
      if (reply === null) return null;
      if (reply[0] === "retry") return { retryAtMs: reply[1] };
      const [, seq, attempts, notBeforeMs, json] = reply;
      const note = parseJsonValue(json, keys.outbox(orderId), notificationSchema);
      return { entry: { orderId, seq, ...note, attempts, notBeforeMs } };
    },

    async settleNotification(orderId, seq, retry) {
      if (retry) {
        checkInteger("attempts", retry.attempts);
        checkInteger("notBeforeMs", retry.notBeforeMs);
      }
      await kv.run(settleNotificationScript, {
        keys: { outbox: keys.outbox(orderId) },
        args: { seq, retry: retry ? "1" : "0", attempts: retry?.attempts ?? 0, notBeforeMs: retry?.notBeforeMs ?? 0 },
      });
    },

    async recordReconciliations(records) {
      // A script may only touch the keys it declares, so each order's list is appended on its
      // own: a crash midway keeps the orders already written, which a repeated /api/revise
      // call simply records again.
      const linesByOrder = new Map<string, string>();
      for (const record of records) {
        linesByOrder.set(record.orderId, (linesByOrder.get(record.orderId) ?? "") + `${JSON.stringify(record)}\n`);
      }
      await Promise.all(
        [...linesByOrder].map(([orderId, lines]) =>
          kv.run(appendLinesScript, { keys: { target: keys.reconciliations(orderId) }, args: { lines } }),
        ),
      );
    },

    async listReconciliations(orderId): Promise<ReconciliationRecord[]> {
      const key = keys.reconciliations(orderId);
      const text = await kv.get(key);
      if (text === null) return [];
      return text
        .split("\n")
        .filter(Boolean)
        .map((line) => parseJsonValue(line, key, reconciliationRecordSchema));
    },
  };
}

function parseInteger(text: string, key: string): number {
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value)) throw new KvError("invalid_value", `Value at "${key}" is not an integer`);
  return value;
}
