// The lease on one order that keeps two runs of advance() from calling out together, and the
// wake-up a caller leaves for the run holding it. The lease is an optimisation: every write of
// a run is a compare-and-set and every call idempotent, so two runs that both act (a lease
// lapsed, KV failed while taking it) cost a conflict, never money. It is short and renewed
// while its holder works, so a holder that dies frees the order within one lease.
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { acquireLock, type KvLock } from "@/lib/kv/lock";
import { markWake, pendingWake, wakeFrom, wakeMarkKey, type WakeReason } from "./wake-mark";
import type { LeaseToLetGo } from "./store/order-store";

export interface LeaseDeps {
  kv: Kv;
  /**
   * How long the lease outlives its holder's last sign of life. It is renewed every third of
   * that while the run works, so it may be far shorter than the slowest call (a 75 s pay).
   */
  leaseMs: number;
}

/** A run's hold on its order, let go with a look for a wake-up that came while it was held. */
export interface Lease {
  letGo(): Promise<WakeReason | null>;
  /**
   * What a save needs to let go of the lease in its own write, sparing the run's last round
   * (advance.ts); null when there is no lease in KV to let go (KV failed as it was taken).
   */
  readonly toLetGo: LeaseToLetGo | null;
  /** A save let go of the lease and read the wake-up mark: renewing stops, and `letGo` answers that mark without asking KV. */
  letGoneBySave(mark: string | null): void;
}

/** The first run's lease (null: another run holds it), and the wake-up it brings. */
export interface WokenLease {
  lease: Lease | null;
  woken?: WakeReason;
  /**
   * Why the wake-up reached nobody: its mark could not be written and another run still holds
   * the order. The caller must not answer its sender 2xx, or nothing acts on it before a sweep.
   */
  unrecorded?: KvError;
}

/**
 * A wake-up waits this long for the run holding the lease to find it. It must outlive any run
 * (leases are renewed while the holder works), and a mark left behind costs one look at most.
 */
const WAKE_TTL_MS = 3600_000;

const leaseKey = (orderId: string) => `checkout:lease:${orderId}`;

/** Whether a run holds the order now, and so may be moving it on; unsure (KV trouble) is no. */
export async function orderLeased(kv: Kv, orderId: string): Promise<boolean> {
  return kv.get(leaseKey(orderId)).then((holder) => holder !== null, () => false);
}

/**
 * The order's lease for a run advance will make (its `lease` option), or null when another run
 * holds it or KV could not say. Not renewed until advance holds it: dropped, it ends by its TTL.
 */
export async function leaseForAdvance(deps: LeaseDeps, orderId: string): Promise<KvLock | null> {
  return acquireLock(deps.kv, leaseKey(orderId), deps.leaseMs).catch(() => null);
}

export async function takeLease(deps: LeaseDeps, orderId: string): Promise<Lease | null> {
  let lock: KvLock | null;
  try {
    lock = await acquireLock(deps.kv, leaseKey(orderId), deps.leaseMs);
  } catch {
    // A lease is an optimisation; without KV for it, the compare-and-sets still keep order.
    return { letGo: () => pendingWake(deps.kv, orderId).catch(() => null), toLetGo: null, letGoneBySave: () => undefined };
  }
  return lock && heartbeat(lock, deps, orderId);
}

/**
 * A wake-up's first run. The lease is tried first: free (the usual case), this run looks now
 * for the reason it brings, and nobody needs a mark. Held, the wake-up is written down before
 * the lease is tried again: the holder finds the mark when it lets go (and goes again), or it
 * let go before the mark was written and this second try gets the lease. Either way a webhook
 * answered 200 is never lost until the next deadline.
 */
export async function wakeAndLease(deps: LeaseDeps, orderId: string, reason: WakeReason): Promise<WokenLease> {
  const lease = await takeLease(deps, orderId);
  if (lease) return { lease, woken: reason };
  const unrecorded = await recordWake(deps, orderId, reason);
  // Got now, this run looks for its own reason: its mark may not have been written (KV
  // trouble), and one that was is taken with the run's first read and merged with it.
  const second = await takeLease(deps, orderId);
  return second || !unrecorded ? { lease: second, woken: reason } : { lease: null, woken: reason, unrecorded };
}

/** Null once the mark is written; else why not (this run still looks now if it gets the lease). */
async function recordWake(deps: LeaseDeps, orderId: string, reason: WakeReason): Promise<KvError | null> {
  try {
    await markWake(deps.kv, orderId, reason, WAKE_TTL_MS);
    return null;
  } catch (error) {
    console.warn(`[checkout] wake-up of ${orderId} not recorded: ${String(error)}`);
    return error instanceof KvError ? error : new KvError("unavailable", String(error));
  }
}

/**
 * Renew the lease every third of its length while the run works. Only a live process renews,
 * so a dead one frees the order within one lease. A renewal that finds the lease gone stops
 * the heartbeat (another run may hold it now); one that fails (KV trouble, a lost reply) is
 * tried again at the next beat, since two beats remain before the lease lapses. The run goes
 * on either way, safe by its compare-and-sets.
 */
export function heartbeat(lock: KvLock, deps: LeaseDeps, orderId: string): Lease {
  const timer = setInterval(() => {
    lock.renew(deps.leaseMs).then(
      (still) => {
        if (!still) clearInterval(timer);
      },
      (error: unknown) => console.warn(`[checkout] lease of ${orderId} not renewed, trying again: ${String(error)}`),
    );
  }, Math.max(1, Math.floor(deps.leaseMs / 3)));
  // A heartbeat never keeps a process (a sweep script, a test) alive by itself.
  timer.unref?.();
  let gone: { mark: string | null } | null = null;
  return {
    letGo: () => {
      clearInterval(timer);
      return gone ? Promise.resolve(wakeFrom(gone.mark)) : letGo(lock, deps.kv, orderId);
    },
    toLetGo: { key: lock.key, token: lock.token, markKey: wakeMarkKey(orderId) },
    letGoneBySave: (mark) => {
      clearInterval(timer);
      gone = { mark };
    },
  };
}

/**
 * Release the lease and read the wake-up mark in one step: a waker that found the lease held
 * wrote its mark before trying, so the mark is in the answer. The step may be repeated (it
 * releases only the holder's own token, and reading changes nothing), so a lost reply is asked
 * again, and then the mark is read alone: a lost answer must not lose the wake-up with it.
 * When KV cannot say, the TTL frees the lease and the mark stays for the next caller.
 */
async function letGo(lock: KvLock, kv: Kv, orderId: string): Promise<WakeReason | null> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return wakeFrom((await lock.releaseAndGet(wakeMarkKey(orderId))).value);
    } catch (error) {
      console.warn(`[checkout] lease of ${orderId} not released: ${String(error)}`);
    }
  }
  return pendingWake(kv, orderId).catch(() => null);
}
