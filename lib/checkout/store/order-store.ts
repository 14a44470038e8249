// Orders in KV. Every change goes through `saveMove`: the move is checked against the state
// table, appended to the order's event log and stored with a compare-and-set on the exact text
// that was read, together with the order's deadline in the sweep's index and its place in the
// admin's indexes (order-index.ts). A new order is stored with its order email marked pending
// and its entries in every index (create-order-script.ts).
import type { z } from "zod";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { parseJsonValue } from "@/lib/kv/json";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import { orderEventSchema, orderRecordSchema, type OrderEvent, type OrderRecord } from "../order-record";
import { canMove, type OrderState } from "../order-states";
import { noteText, noteWords, type EventNote } from "../event-notes";
import { needsAlarm, type DeadlineAlarm } from "../deadline-alarm";
import { createOrderScript } from "./create-order-script";
import { ORDER_INDEX_KEYS, emailHash, listScore } from "./order-index";
import { saveOrderAndLetGoScript, saveOrderScript } from "./save-order-script";

/** A record with the exact text it was read as: the compare-and-set compares that text. */
export interface StoredOrder {
  record: OrderRecord;
  text: string;
}

/** A lease for a save to let go of in its own write (order-lease.ts): its key and token, and the wake-up mark's key. */
export interface LeaseToLetGo {
  key: string;
  token: string;
  markKey: string;
}

/** A save's answer: the order as stored and, when the save was to let go of a lease and did, what that read. */
export interface SavedOrder extends StoredOrder {
  letGo?: { released: boolean; mark: string | null };
}

export type OrderStoreError =
  | { code: "conflict" }
  | { code: "not_found"; orderId: string }
  /** The stored text is not an order this release can read: it needs a person, not a retry. */
  | { code: "unreadable"; orderId: string; message: string }
  | { code: "invalid_move"; from: OrderState; to: OrderState }
  | { code: "kv_error"; error: KvError };

export interface OrderChange {
  /** The new state; omitted for a change that only records facts (an id, a note, a deadline). */
  to?: OrderState;
  /** Fields to replace, shallowly. `state`, `events` and `updatedAt` are set here, not by callers. */
  patch?: Partial<Omit<OrderRecord, "id" | "state" | "events" | "updatedAt" | "createdAt">>;
  /** What happened, for the event log, in words: `{ kind: "reserved", values: { status: 1 } }`. */
  note: EventNote;
}

export const ORDER_KEYS = {
  order: (id: string) => `checkout:order:${id}`,
  /** Sorted set: order id → time `advance` must look at it next (anything but a re-read). */
  due: "checkout:due",
  /** Sorted set: completed order id → time of its next re-read upstream (order-states.ts). */
  recheck: "checkout:recheck",
  /** Sorted set: order id → time the sweep may send its order email, if nobody did (order-email.ts). */
  mail: "checkout:mail-pending",
};

/**
 * The request that created an order sends its email right after answering; the sweep sends
 * what is still pending this long after, so the two do not race in the ordinary case.
 */
export const ORDER_EMAIL_GRACE_MS = 60_000;

/** Event logs are capped so a long retry loop cannot grow a record without bound. */
const MAX_EVENTS = 200;

/** Orders whose last text this store knows, per process (about one checkout's worth each). */
const KNOWN_MAX = 1000;

export interface OrderStore {
  create(record: OrderRecord): Promise<Result<StoredOrder, OrderStoreError>>;
  read(orderId: string): Promise<Result<StoredOrder, OrderStoreError>>;
  /**
   * With `letGo`, a save that lands also lets go of that lease and reads the wake-up mark, in
   * the same write; one that loses the compare-and-set keeps it. A store that cannot (a wrapper
   * that drops it) answers without `letGo`, and the caller lets go as usual.
   */
  save(current: StoredOrder, change: OrderChange, letGo?: LeaseToLetGo): Promise<Result<SavedOrder, OrderStoreError>>;
  /**
   * Ids of orders whose deadline has come, oldest first: the urgent ones (the default), or the
   * completed orders' re-reads, which wait behind every urgent deadline.
   */
  due(limit: number, queue?: DueQueue): Promise<Result<string[], OrderStoreError>>;
  /** Move an order's deadline in the index alone (its record cannot be written: unreadable). */
  postpone(orderId: string, at: number): Promise<Result<void, OrderStoreError>>;
  /** Drop an index entry whose order is gone. */
  forget(orderId: string): Promise<Result<void, OrderStoreError>>;
}

export type DueQueue = "urgent" | "reread";

const DUE_KEY: Record<DueQueue, string> = { urgent: ORDER_KEYS.due, reread: ORDER_KEYS.recheck };

/**
 * `alarm`, when given, is told every deadline a save sets in the future (lib/scheduler): told
 * after the save, its failure logged, never the save's.
 */
export function createOrderStore(kv: Kv, clock: Clock, alarm?: DeadlineAlarm): OrderStore {
  // The record last written or read here for each order, with its exact text. A checkout reads
  // its order again after every step; a read that finds the very text this store wrote or
  // parsed needs no second parse (the text was checked then). Another instance's write changes
  // the text, so it is parsed as usual.
  const known = new Map<string, StoredOrder>();
  function remember(stored: StoredOrder): void {
    known.delete(stored.record.id);
    known.set(stored.record.id, stored);
    if (known.size > KNOWN_MAX) known.delete(known.keys().next().value ?? "");
  }

  async function dueIds(limit: number, queue: DueQueue = "urgent"): Promise<Result<string[], OrderStoreError>> {
    const entries = await guard(() => kv.zRangeByScore(DUE_KEY[queue], { max: clock.now(), limit }));
    return entries.ok ? ok(entries.value.map((e) => e.member)) : entries;
  }

  // Judged against the save's own time, not the time after it: a deadline that comes while the
  // save is under way still needs its alarm, since the run that set it has stopped for it.
  async function setAlarm(orderId: string, at: number | null, previous: number | null, savedAt: number): Promise<void> {
    if (!alarm || !needsAlarm(at, previous, savedAt)) return;
    await alarm.order(orderId, at).catch((error: unknown) => console.error(`[checkout] order ${orderId}: deadline not scheduled (the sweep will take it): ${String(error)}`));
  }

  /** `record` as checked by `save` (checkedFields): only what it changed needed a look. */
  async function write(current: StoredOrder, record: OrderRecord, letGo: LeaseToLetGo | undefined): Promise<Result<SavedOrder, OrderStoreError>> {
    const text = JSON.stringify(record);
    const dueAt = record.nextCheckAt === null ? "" : String(record.nextCheckAt);
    const refs = refIndexes(record);
    const input = {
      keys: {
        order: ORDER_KEYS.order(record.id),
        due: ORDER_KEYS.due,
        recheck: ORDER_KEYS.recheck,
        fromState: ORDER_INDEX_KEYS.state(current.record.state),
        toState: ORDER_INDEX_KEYS.state(record.state),
        ...refs.keys,
      },
      args: {
        expected: current.text,
        value: text,
        member: record.id,
        dueAt,
        reread: record.state === "completed" ? "1" : "",
        listScore: listScore(record.createdAt),
        ...refs.args,
      },
    };
    const reply = await guard((): Promise<{ reply: "saved" | "already" | "conflict"; letGo: SavedOrder["letGo"] | null }> =>
      letGo
        ? kv.run(saveOrderAndLetGoScript, { keys: { ...input.keys, lease: letGo.key, mark: letGo.markKey }, args: { ...input.args, token: letGo.token } })
        : kv.run(saveOrderScript, input).then((reply) => ({ reply, letGo: null })),
    );
    if (!reply.ok) return reply;
    if (reply.value.reply === "conflict") return err({ code: "conflict" });
    // As a read of it would return it: a run goes on from its own save without reading it again.
    const stored = { record, text };
    remember(stored);
    if (reply.value.reply === "saved") await setAlarm(record.id, record.nextCheckAt, current.record.nextCheckAt, record.updatedAt);
    return ok(reply.value.letGo ? { ...stored, letGo: reply.value.letGo } : stored);
  }

  return {
    async create(record) {
      const parsed = orderRecordSchema.parse(record);
      const text = JSON.stringify(parsed);
      const reply = await guard(() =>
        kv.run(createOrderScript, {
          keys: {
            order: ORDER_KEYS.order(record.id),
            due: ORDER_KEYS.due,
            mail: ORDER_KEYS.mail,
            ...listIndexes(record),
            state: ORDER_INDEX_KEYS.state(record.state),
            ...refIndexes(record).keys,
          },
          args: {
            value: text,
            member: record.id,
            dueAt: record.nextCheckAt === null ? "" : String(record.nextCheckAt),
            mailAt: String(record.createdAt + ORDER_EMAIL_GRACE_MS),
            createdAt: record.createdAt,
            listScore: listScore(record.createdAt),
            ...refIndexes(record).args,
          },
        }),
      );
      if (!reply.ok) return reply;
      if (reply.value === "conflict") return err({ code: "conflict" });
      const stored = { record: parsed, text };
      remember(stored);
      return ok(stored);
    },

    async read(orderId) {
      const text = await guard(() => readOrderText(kv, orderId));
      if (!text.ok) return text;
      if (text.value === null) return err({ code: "not_found", orderId });
      const seen = known.get(orderId);
      if (seen?.text === text.value) return ok(seen);
      const parsed = parseStoredOrder(orderId, text.value);
      if (parsed.ok) remember(parsed.value);
      return parsed;
    },

    async save(current, change, letGo) {
      const from = current.record.state;
      const to = change.to ?? from;
      if (to !== from && !canMove(from, to)) return err({ code: "invalid_move", from, to });
      const now = clock.now();
      const text = noteText(change.note);
      const event: OrderEvent = {
        at: now,
        what: to === from ? text : `${from} → ${to}: ${text}`,
        words: noteWords(change.note),
        ...(to === from ? {} : { to }),
        upstreamOrderId: change.patch?.upstream?.orderId ?? current.record.upstream.orderId,
        paymentId: change.patch?.payment?.paymentIntentId ?? current.record.payment.paymentIntentId,
      };
      // Nothing is written that a read would refuse, but only what this save changes is
      // checked: the rest was checked as it was read or written, and parsing the whole order on
      // every save was most of a checkout's zod time (docs/architecture-decisions.md item 232).
      const next: OrderRecord = {
        ...current.record,
        ...checkedFields({ ...change.patch, state: to, updatedAt: now }),
        events: [...current.record.events, orderEventSchema.parse(event)].slice(-MAX_EVENTS),
      };
      return write(current, next, letGo);
    },

    due: dueIds,

    async postpone(orderId, at) {
      const added = await guard(() => kv.zAdd(ORDER_KEYS.due, at, orderId));
      return added.ok ? ok(undefined) : added;
    },

    async forget(orderId) {
      const removed = await guard(() => Promise.all([kv.zRem(ORDER_KEYS.due, orderId), kv.zRem(ORDER_KEYS.recheck, orderId)]));
      return removed.ok ? ok(undefined) : removed;
    },
  };
}

/** The admin's list indexes an order belongs in by what it is (its state set aside). */
export function listIndexes(record: OrderRecord) {
  return {
    created: ORDER_INDEX_KEYS.created,
    newest: ORDER_INDEX_KEYS.newest,
    product: ORDER_INDEX_KEYS.product(record.item.gameId),
    flow: ORDER_INDEX_KEYS.flow(record.flow),
    mode: ORDER_INDEX_KEYS.mode(record.test),
    email: ORDER_INDEX_KEYS.email(emailHash(record.email)),
  };
}

/**
 * The lookups from the ids others gave an order, for the create and save scripts. A key must be
 * named even for an id not known yet ("orders:ref:", never written); its flag leaves it alone.
 */
export function refIndexes(record: OrderRecord) {
  const upstream = record.upstream.orderId;
  const session = record.payment.sessionId;
  const intent = record.payment.paymentIntentId;
  return {
    keys: { upstreamRef: ORDER_INDEX_KEYS.ref(upstream ?? ""), sessionRef: ORDER_INDEX_KEYS.ref(session ?? ""), intentRef: ORDER_INDEX_KEYS.ref(intent ?? "") },
    args: { upstreamSet: upstream ? "1" : "", sessionSet: session ? "1" : "", intentSet: intent ? "1" : "" },
  };
}

/**
 * Top-level fields of an order, each through its own schema as a whole record's parse would
 * take it (defaults filled, unknown nested keys dropped); a field the record has not is a bug.
 */
function checkedFields(fields: Partial<OrderRecord>): Partial<OrderRecord> {
  const shape: Record<string, z.ZodType> = orderRecordSchema.shape;
  const checked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const schema = shape[name];
    if (!schema) throw new Error(`order store: an order has no field ${name}`);
    checked[name] = schema.parse(value);
  }
  return checked as Partial<OrderRecord>;
}

/** The order's exact stored text, or null when there is none: for a watcher that only compares texts. */
export function readOrderText(kv: Kv, orderId: string): Promise<string | null> {
  return kv.get(ORDER_KEYS.order(orderId));
}

/** One order, read without a store's memory of texts (admin pages, the backfill). */
export async function readOrder(kv: Kv, orderId: string): Promise<Result<StoredOrder, OrderStoreError>> {
  const text = await guard(() => readOrderText(kv, orderId));
  if (!text.ok) return text;
  return text.value === null ? err({ code: "not_found", orderId }) : parseStoredOrder(orderId, text.value);
}

/** Orders by id, each with its own answer, in the order asked; read in parallel, as Kv has no multi-get. */
export function readOrders(kv: Kv, orderIds: string[]): Promise<Result<StoredOrder, OrderStoreError>[]> {
  return Promise.all(orderIds.map((orderId) => readOrder(kv, orderId)));
}

/** What a reader with no answer for a failed read throws: KV's own error, as a direct KV read would. */
export function readFailure(error: OrderStoreError): Error {
  return error.code === "kv_error" ? error.error : new Error(`order store: ${error.code}`);
}

/** A text this release cannot read as an order is `unreadable`: it needs a person, not a retry. */
function parseStoredOrder(orderId: string, text: string): Result<StoredOrder, OrderStoreError> {
  try {
    return ok({ record: parseJsonValue(text, ORDER_KEYS.order(orderId), orderRecordSchema), text });
  } catch (error) {
    if (!(error instanceof KvError)) throw error;
    return err(error.code === "invalid_value" ? { code: "unreadable", orderId, message: error.message } : { code: "kv_error", error });
  }
}

/** A KV failure becomes a value the caller must handle; anything else is a bug and is thrown. */
async function guard<T>(call: () => Promise<T>): Promise<Result<T, OrderStoreError>> {
  try {
    return ok(await call());
  } catch (error) {
    if (error instanceof KvError) return err({ code: "kv_error", error });
    throw error;
  }
}
