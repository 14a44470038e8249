// Every write of an order as one script: the compare-and-set on the exact text we read (so two
// runs of `advance` cannot both move an order) and its entry in the deadline index the sweep
// reads, together. Replayed after a lost reply, it finds its own text already stored and says
// so ("already"), so the caller knows its write landed rather than lost a race.
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";

export const saveOrderReply = z.enum(["saved", "already", "conflict"]);
export type SaveOrderReply = z.infer<typeof saveOrderReply>;

export const saveOrderScript = defineScript({
  name: "checkout-save-order",
  keys: ["order", "due"],
  // expected "" creates (the key must be absent); dueAt "" removes the order from the index.
  args: ["expected", "value", "member", "dueAt"],
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
else
  redis.call('ZADD', due, dueAt, member)
end
return 'saved'`,
  embedded(txn, keys, args) {
    const current = txn.get(keys.order);
    if (current === args.value) return "already";
    if (args.expected === "" ? current !== null : current !== args.expected) return "conflict";
    txn.set(keys.order, args.value);
    if (args.dueAt === "") txn.zRem(keys.due, args.member);
    else txn.zAdd(keys.due, Number(args.dueAt), args.member);
    return "saved";
  },
  result: saveOrderReply,
});
