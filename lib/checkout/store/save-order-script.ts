// Every write of an order as one script: the compare-and-set on the exact text we read (so two
// runs of `advance` cannot both move an order), its entry in the deadline index the sweep
// reads (a completed order's re-read in its own index, so urgent deadlines never wait behind
// re-reads), its move between the per-state list indexes, and the lookups from the ids others gave
// it (upstream order, Checkout Session, PaymentIntent) once known — all together, so the list
// can never show an order under a state it has left, nor twice. Replayed after a lost reply, it
// finds its own text already stored and says so ("already"), so the caller knows its write
// landed rather than lost a race.
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";
import type { KvTxn } from "@/lib/kv/kv-txn";
import { flagReply, stringOrNullReply } from "@/lib/kv/scripts/reply";

export const saveOrderReply = z.enum(["saved", "already", "conflict"]);

// fromState: the state set of the text we expect (the compare-and-set proves the order is in
// it); toState: the new state's set (the same key when the state does not change).
// upstreamRef/sessionRef/intentRef: lookup keys, written only when their flag argument is "1"
// (a key must be named even for an id not yet known).
// due: urgent deadlines; recheck: completed orders' re-reads (an order is in one at most).
const KEYS = ["order", "due", "recheck", "fromState", "toState", "upstreamRef", "sessionRef", "intentRef"] as const;
// expected "" creates (the key must be absent); dueAt "" removes the order from both indexes;
// reread "1" puts the deadline in recheck instead of due.
const ARGS = ["expected", "value", "member", "dueAt", "reread", "listScore", "upstreamSet", "sessionSet", "intentSet"] as const;

type SaveKeys = Record<(typeof KEYS)[number], string>;
type SaveArgs = Record<(typeof ARGS)[number], string>;

const SAVE_LUA = `
local current = redis.call('GET', order)
if current == value then return 'already' end
if expected == '' then
  if current then return 'conflict' end
elseif current ~= expected then
  return 'conflict'
end
redis.call('SET', order, value)
if dueAt == '' then
  redis.call('ZREM', due, member)
  redis.call('ZREM', recheck, member)
elseif reread == '1' then
  redis.call('ZREM', due, member)
  redis.call('ZADD', recheck, dueAt, member)
else
  redis.call('ZREM', recheck, member)
  redis.call('ZADD', due, dueAt, member)
end
redis.call('ZREM', fromState, member)
redis.call('ZADD', toState, listScore, member)
if upstreamSet == '1' then redis.call('SET', upstreamRef, member) end
if sessionSet == '1' then redis.call('SET', sessionRef, member) end
if intentSet == '1' then redis.call('SET', intentRef, member) end
return 'saved'`;

function saveEmbedded(txn: KvTxn, keys: SaveKeys, args: SaveArgs): z.infer<typeof saveOrderReply> {
  const current = txn.get(keys.order);
  if (current === args.value) return "already";
  if (args.expected === "" ? current !== null : current !== args.expected) return "conflict";
  txn.set(keys.order, args.value);
  if (args.dueAt === "" || args.reread === "1") txn.zRem(keys.due, args.member);
  if (args.dueAt === "" || args.reread !== "1") txn.zRem(keys.recheck, args.member);
  if (args.dueAt !== "") txn.zAdd(args.reread === "1" ? keys.recheck : keys.due, Number(args.dueAt), args.member);
  txn.zRem(keys.fromState, args.member);
  txn.zAdd(keys.toState, Number(args.listScore), args.member);
  if (args.upstreamSet === "1") txn.set(keys.upstreamRef, args.member);
  if (args.sessionSet === "1") txn.set(keys.sessionRef, args.member);
  if (args.intentSet === "1") txn.set(keys.intentRef, args.member);
  return "saved";
}

export const saveOrderScript = defineScript({
  name: "checkout-save-order",
  keys: KEYS,
  args: ARGS,
  lua: SAVE_LUA,
  embedded: saveEmbedded,
  result: saveOrderReply,
});

/**
 * The save, then, unless it lost the compare-and-set, the run's lease let go and the order's
 * wake-up mark read, as release-lock-and-get does, in the same atomic step: the last save of a
 * run needs no round of its own for letting go (advance.ts). `lease` is dropped only if it still
 * holds `token`; the mark is read whatever (a waker wrote it before trying the lease, so it is
 * in the answer or the waker got the lease). Answers [reply] on a conflict (the lease is kept:
 * the run reads again and goes on), else [reply, released, the mark or null].
 */
export const saveOrderAndLetGoScript = defineScript({
  name: "checkout-save-order-and-let-go",
  keys: [...KEYS, "lease", "mark"],
  args: [...ARGS, "token"],
  lua: `
local function save()
${SAVE_LUA.trim()}
end
local saved = save()
if saved == 'conflict' then return { saved } end
local released = 0
if redis.call('GET', lease) == token then released = redis.call('DEL', lease) end
return { saved, released, redis.call('GET', mark) }`,
  embedded(txn, keys, args) {
    const saved = saveEmbedded(txn, keys, args);
    if (saved === "conflict") return [saved];
    const released = txn.get(keys.lease) === args.token && txn.del(keys.lease) ? 1 : 0;
    return [saved, released, txn.get(keys.mark)];
  },
  result: z.union([
    z.tuple([z.literal("conflict")]).transform(([reply]) => ({ reply, letGo: null })),
    z.tuple([z.enum(["saved", "already"]), flagReply, stringOrNullReply]).transform(([reply, released, mark]) => ({ reply, letGo: { released, mark } })),
  ]),
});
