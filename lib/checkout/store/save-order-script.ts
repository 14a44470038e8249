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

export const saveOrderReply = z.enum(["saved", "already", "conflict"]);

export const saveOrderScript = defineScript({
  name: "checkout-save-order",
  // fromState: the state set of the text we expect (the compare-and-set proves the order is in
  // it); toState: the new state's set (the same key when the state does not change).
  // upstreamRef/sessionRef/intentRef: lookup keys, written only when their flag argument is "1"
  // (a key must be named even for an id not yet known).
  // due: urgent deadlines; recheck: completed orders' re-reads (an order is in one at most).
  keys: ["order", "due", "recheck", "fromState", "toState", "upstreamRef", "sessionRef", "intentRef"],
  // expected "" creates (the key must be absent); dueAt "" removes the order from both indexes;
  // reread "1" puts the deadline in recheck instead of due.
  args: ["expected", "value", "member", "dueAt", "reread", "listScore", "upstreamSet", "sessionSet", "intentSet"],
  lua: `
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
return 'saved'`,
  embedded(txn, keys, args) {
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
  },
  result: saveOrderReply,
});
