// Optimistic update: replace the value only if it is still exactly the one we read, so two
// workers moving the same order (pending -> paid, pending -> expired) cannot both win.
// ttlMs 0 keeps the key's current TTL.
//
// Safe to retry after a lost reply (KvError "reply_lost"): the caller names the operation with
// a receipt key (receiptKey(target, opId)), which the script writes together with the value.
// Run again with the same receipt, it answers "already_applied" instead of "mismatch", so the
// caller learns its own write landed rather than that another worker won.
import { z } from "zod";
import { defineScript } from "../define-script";

/** How long a receipt is kept: far longer than any retry of the same operation. */
export const RECEIPT_TTL_MS = 24 * 3600 * 1000;

/** The receipt key of operation `opId` on `target` (same hash slot: the target is a prefix). */
export function receiptKey(target: string, opId: string): string {
  if (opId.length === 0) throw new Error("compare-and-set: an operation id is required");
  return `${target}:op:${opId}`;
}

export type CompareAndSetResult = { applied: true } | { applied: false; reason: "mismatch" | "already_applied" };

const APPLIED = 1;
const MISMATCH = 0;
const ALREADY_APPLIED = 2;

export const compareAndSet = defineScript({
  name: "compare-and-set",
  keys: ["target", "receipt"],
  args: ["expected", "value", "ttlMs"],
  lua: `
if redis.call('EXISTS', receipt) == 1 then return ${ALREADY_APPLIED} end
if redis.call('GET', target) ~= expected then return ${MISMATCH} end
if tonumber(ttlMs) > 0 then
  redis.call('SET', target, value, 'PX', ttlMs)
else
  redis.call('SET', target, value, 'KEEPTTL')
end
redis.call('SET', receipt, '1', 'PX', ${RECEIPT_TTL_MS})
return ${APPLIED}`,
  embedded(txn, keys, args) {
    if (txn.exists(keys.receipt)) return ALREADY_APPLIED;
    if (txn.get(keys.target) !== args.expected) return MISMATCH;
    const ttlMs = Number(args.ttlMs);
    txn.set(keys.target, args.value, ttlMs > 0 ? { ttlMs } : { keepTtl: true });
    txn.set(keys.receipt, "1", { ttlMs: RECEIPT_TTL_MS });
    return APPLIED;
  },
  result: z
    .union([z.literal(APPLIED), z.literal(MISMATCH), z.literal(ALREADY_APPLIED)])
    .transform((code): CompareAndSetResult => {
      if (code === APPLIED) return { applied: true };
      return { applied: false, reason: code === MISMATCH ? "mismatch" : "already_applied" };
    }),
});
