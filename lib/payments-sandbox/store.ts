// The sandbox's state in the shop's KV, so that every process and serverless invocation sees
// the same sessions and intents. Each object is one JSON value; changes to one object take a
// short KV lock so that, say, a capture and a lapse read on another instance cannot both win.
import { setTimeout as delay } from "node:timers/promises";
import type { Kv } from "@/lib/kv/kv";
import { acquireLock, type KvLock } from "@/lib/kv/lock";
import type { Charge, Dispute, EarlyFraudWarning, PaymentMethod, Refund, Review, StoredPaymentIntent, StoredSession, StripeEvent } from "./objects/records";
import { writeAndUnlock } from "./write-and-unlock";

const LOCK_TTL_MS = 5_000;
const LOCK_WAIT_MS = 10;
const LOCK_GIVE_UP_MS = 5_000;

export interface Kinds {
  cs: StoredSession;
  pi: StoredPaymentIntent;
  re: Refund;
  evt: StripeEvent;
  /** Charges that failed; an authorized charge is derived from its intent. */
  ch: Charge;
  pm: PaymentMethod;
  prv: Review;
  dp: Dispute;
  issfr: EarlyFraudWarning;
}

export type Kind = keyof Kinds;

/** A locked object's new value and its lock, for the one KV write that stores it and lets go. */
export interface Unlock {
  object: string;
  json: string;
  lock: string;
  token: string;
}

/**
 * Stores a step's new value and releases its lock (write-and-unlock.ts by default); a step that
 * writes other objects too gives its own, which writes them in the same KV write.
 */
export type Commit = (unlock: Unlock) => Promise<unknown>;

export interface PaymentsStore {
  kv: Kv;
  /** The key of anything else the sandbox keeps, under its namespace. */
  key(...parts: string[]): string;
  read<K extends Kind>(kind: K, id: string): Promise<Kinds[K] | null>;
  write<K extends Kind>(kind: K, id: string, value: Kinds[K]): Promise<void>;
  /** Run `change` on the object with the object's lock held; null when there is no such object. */
  update<K extends Kind, R>(kind: K, id: string, change: (current: Kinds[K]) => Promise<{ next?: Kinds[K]; result: R; commit?: Commit }>): Promise<R | null>;
}

export function createPaymentsStore(kv: Kv, namespace = "payments-sandbox"): PaymentsStore {
  const key = (...parts: string[]) => [namespace, ...parts].join(":");

  const read = async <K extends Kind>(kind: K, id: string): Promise<Kinds[K] | null> => {
    const text = await kv.get(key(kind, id));
    return text === null ? null : (JSON.parse(text) as Kinds[K]);
  };
  const write = async <K extends Kind>(kind: K, id: string, value: Kinds[K]): Promise<void> => {
    await kv.set(key(kind, id), JSON.stringify(value));
  };

  const unlockWith: Commit = ({ object, json, lock, token }) => kv.run(writeAndUnlock, { keys: { object, lock }, args: { json, token } });

  return {
    kv,
    key,
    read,
    write,
    async update(kind, id, change) {
      const lockKey = key("lock", kind, id);
      const giveUp = Date.now() + LOCK_GIVE_UP_MS;
      let lock: KvLock | null;
      while (!(lock = await acquireLock(kv, lockKey, LOCK_TTL_MS))) {
        if (Date.now() > giveUp) throw new Error(`Payments sandbox: ${kind} ${id} stayed locked for ${LOCK_GIVE_UP_MS} ms`);
        await delay(LOCK_WAIT_MS);
      }
      let released = false;
      try {
        const current = await read(kind, id);
        if (current === null) return null;
        const { next, result, commit = unlockWith } = await change(current);
        if (next) {
          await commit({ object: key(kind, id), json: JSON.stringify(next), lock: lockKey, token: lock.token });
          released = true;
        }
        return result;
      } finally {
        // Only our own token is released: a holder whose TTL ran out cannot free the next one's lock.
        if (!released) await lock.release();
      }
    },
  };
}
