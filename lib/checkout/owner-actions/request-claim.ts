// A claim on one request of one action, so a double submit (the same form sent twice, at once
// or one after the other) acts once: the first takes it while it works, then marks it done for a
// day; a claim whose holder died lapses, and the same request may then be tried again. A request
// refused for its input (nothing changed) drops its claim, so the form can be corrected and sent.
import type { Kv } from "@/lib/kv/kv";
import type { Result } from "@/lib/result";

/** Longer than any one action's work (an SMTP send, a Stripe call with its retries). */
const WORKING_MS = 120_000;
const DONE_MS = 24 * 3600_000;

export type Once<T, E> = { ran: true; result: Result<T, E> } | { ran: false };

/** Run `work` unless this request has run (or is running) already; then answer {ran: false}. */
export async function oncePerRequest<T, E>(kv: Kv, key: string, work: () => Promise<Result<T, E>>): Promise<Once<T, E>> {
  if (!(await kv.setIfAbsent(key, "working", { ttlMs: WORKING_MS }))) return { ran: false };
  let result: Result<T, E>;
  try {
    result = await work();
  } catch (error) {
    await kv.del(key).catch(() => false);
    throw error;
  }
  if (result.ok) await kv.set(key, "done", { ttlMs: DONE_MS });
  else await kv.del(key);
  return { ran: true, result };
}

/** A claim held across steps: done() keeps it a day, drop() frees it at once. */
export interface RequestClaim {
  done(): Promise<void>;
  drop(): Promise<void>;
}

export async function claimRequest(kv: Kv, key: string): Promise<RequestClaim | null> {
  if (!(await kv.setIfAbsent(key, "working", { ttlMs: WORKING_MS }))) return null;
  return {
    done: async () => void (await kv.set(key, "done", { ttlMs: DONE_MS })),
    drop: async () => void (await kv.del(key)),
  };
}
