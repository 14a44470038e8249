// The one KV lock of the project: SET NX with a random token and a TTL, released only by the
// holder of that token (release-lock script), so a holder whose TTL ran out cannot release
// the lock of whoever took it next. Pick a TTL longer than the worst case of the guarded work
// (a lock that expires mid-work lets a second worker start the same thing), or keep it short
// and renew it while working (renew-lock script), so that a holder that dies frees it soon.
import { randomUUID } from "node:crypto";
import type { Kv } from "./kv";
import { KvError } from "./kv-error";
import { releaseLock } from "./scripts/release-lock";
import { releaseLockAndGet } from "./scripts/release-lock-and-get";
import { renewLock } from "./scripts/renew-lock";

export interface KvLock {
  key: string;
  token: string;
  /** Drop the lock if it is still ours. True when it was. */
  release(): Promise<boolean>;
  /**
   * Release, and read `key` in the same atomic step: whatever a caller the
   * lock kept out wrote to `key` before trying the lock is in `value`.
   */
  releaseAndGet(key: string): Promise<{ released: boolean; value: string | null }>;
  /** Set the lock's TTL to `ttlMs` from now if it is still ours. True when it was. */
  renew(ttlMs: number): Promise<boolean>;
}

/** Take the lock, or null when someone else holds it. Throws KvError when KV fails. */
export async function acquireLock(kv: Kv, key: string, ttlMs: number): Promise<KvLock | null> {
  const token = randomUUID();
  let taken: boolean;
  try {
    taken = await kv.setIfAbsent(key, token, { ttlMs });
  } catch (error) {
    // The SET NX may have landed before its reply was lost; the token says whether it did.
    if (!(error instanceof KvError && error.code === "reply_lost")) throw error;
    taken = (await kv.get(key)) === token;
  }
  if (!taken) return null;
  return {
    key,
    token,
    release: () => kv.run(releaseLock, { keys: { lock: key }, args: { token } }),
    releaseAndGet: (other) => kv.run(releaseLockAndGet, { keys: { lock: key, other }, args: { token } }),
    renew: (renewMs) => kv.run(renewLock, { keys: { lock: key }, args: { token, ttlMs: renewMs } }),
  };
}

export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/** Run `task` under the lock, or answer {ran: false} at once when it is held elsewhere. */
export async function withLock<T>(kv: Kv, key: string, ttlMs: number, task: () => Promise<T>): Promise<LockedRun<T>> {
  const lock = await acquireLock(kv, key, ttlMs);
  if (!lock) return { ran: false };
  try {
    return { ran: true, value: await task() };
  } finally {
    // The TTL frees it anyway; a failed release must not hide the task's own outcome.
    await lock.release().catch((error: unknown) => console.warn(`[kv] could not release ${key}: ${String(error)}`));
  }
}
