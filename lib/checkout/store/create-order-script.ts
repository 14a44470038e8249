// A new order as one script: the record (only if its key is absent), its entry in the deadline
// index, its order email marked pending in the email outbox (order-email.ts), and its entries in
// the admin's indexes (order-index.ts), so an order never exists without the email that carries
// its link being owed, nor without being listed, whatever dies after this.
// Replayed after a lost reply, it finds its own text already stored and says so ("already").
import { defineScript } from "@/lib/kv/define-script";
import { saveOrderReply } from "./save-order-script";

export const createOrderScript = defineScript({
  name: "checkout-create-order",
  keys: ["order", "due", "mail", "created", "newest", "state", "product", "flow", "mode", "email", "upstreamRef", "sessionRef", "intentRef"],
  // dueAt "" leaves an order that waits for nothing out of the index, as a save does.
  // createdAt scores the `created` index; listScore (its negation) the newest-first ones.
  // The ref keys and flags are save-order-script's: an order rarely has another's id when made.
  args: ["value", "member", "dueAt", "mailAt", "createdAt", "listScore", "upstreamSet", "sessionSet", "intentSet"],
  lua: `
local current = redis.call('GET', order)
if current == value then return 'already' end
if current then return 'conflict' end
redis.call('SET', order, value)
if dueAt ~= '' then redis.call('ZADD', due, dueAt, member) end
redis.call('ZADD', mail, mailAt, member)
redis.call('ZADD', created, createdAt, member)
for _, index in ipairs({newest, state, product, flow, mode, email}) do
  redis.call('ZADD', index, listScore, member)
end
if upstreamSet == '1' then redis.call('SET', upstreamRef, member) end
if sessionSet == '1' then redis.call('SET', sessionRef, member) end
if intentSet == '1' then redis.call('SET', intentRef, member) end
return 'saved'`,
  embedded(txn, keys, args) {
    const current = txn.get(keys.order);
    if (current === args.value) return "already";
    if (current !== null) return "conflict";
    txn.set(keys.order, args.value);
    if (args.dueAt !== "") txn.zAdd(keys.due, Number(args.dueAt), args.member);
    txn.zAdd(keys.mail, Number(args.mailAt), args.member);
    txn.zAdd(keys.created, Number(args.createdAt), args.member);
    for (const index of [keys.newest, keys.state, keys.product, keys.flow, keys.mode, keys.email]) {
      txn.zAdd(index, Number(args.listScore), args.member);
    }
    if (args.upstreamSet === "1") txn.set(keys.upstreamRef, args.member);
    if (args.sessionSet === "1") txn.set(keys.sessionRef, args.member);
    if (args.intentSet === "1") txn.set(keys.intentRef, args.member);
    return "saved";
  },
  result: saveOrderReply,
});
