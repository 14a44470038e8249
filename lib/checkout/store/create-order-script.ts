// A new order as one script: the record (only if its key is absent), its entry in the deadline
// index, and its order email marked pending in the email outbox (order-email.ts), so an order
// never exists without the email that carries its link being owed, whatever dies after this.
// Replayed after a lost reply, it finds its own text already stored and says so ("already").
import { defineScript } from "@/lib/kv/define-script";
import { saveOrderReply } from "./save-order-script";

export const createOrderScript = defineScript({
  name: "checkout-create-order",
  keys: ["order", "due", "mail"],
  // dueAt "" leaves an order that waits for nothing out of the index, as a save does.
  args: ["value", "member", "dueAt", "mailAt"],
  lua: `
local current = redis.call('GET', order)
if current == value then return 'already' end
if current then return 'conflict' end
redis.call('SET', order, value)
if dueAt ~= '' then redis.call('ZADD', due, dueAt, member) end
redis.call('ZADD', mail, mailAt, member)
return 'saved'`,
  embedded(txn, keys, args) {
    const current = txn.get(keys.order);
    if (current === args.value) return "already";
    if (current !== null) return "conflict";
    txn.set(keys.order, args.value);
    if (args.dueAt !== "") txn.zAdd(keys.due, Number(args.dueAt), args.member);
    txn.zAdd(keys.mail, Number(args.mailAt), args.member);
    return "saved";
  },
  result: saveOrderReply,
});
