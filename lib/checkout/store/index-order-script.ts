// The admin's index entries of one existing order, for the one-off backfill of orders stored
// before the indexes existed (backfill-order-indexes.ts). It indexes the order only as the text
// the caller read is still stored, so a save racing the backfill cannot leave the order in the
// set of a state it has just left: the caller reads again and retries ("changed"). Every write
// is a ZADD or SET of the same value, so running it twice changes nothing.
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";

export const indexOrderScript = defineScript({
  name: "checkout-index-order",
  keys: ["order", "created", "newest", "state", "product", "flow", "mode", "email", "upstreamRef", "sessionRef", "intentRef"],
  args: ["expected", "member", "createdAt", "listScore", "upstreamSet", "sessionSet", "intentSet"],
  lua: `
local current = redis.call('GET', order)
if not current then return 'missing' end
if current ~= expected then return 'changed' end
redis.call('ZADD', created, createdAt, member)
for _, index in ipairs({newest, state, product, flow, mode, email}) do
  redis.call('ZADD', index, listScore, member)
end
if upstreamSet == '1' then redis.call('SET', upstreamRef, member) end
if sessionSet == '1' then redis.call('SET', sessionRef, member) end
if intentSet == '1' then redis.call('SET', intentRef, member) end
return 'indexed'`,
  embedded(txn, keys, args) {
    const current = txn.get(keys.order);
    if (current === null) return "missing";
    if (current !== args.expected) return "changed";
    txn.zAdd(keys.created, Number(args.createdAt), args.member);
    for (const index of [keys.newest, keys.state, keys.product, keys.flow, keys.mode, keys.email]) {
      txn.zAdd(index, Number(args.listScore), args.member);
    }
    if (args.upstreamSet === "1") txn.set(keys.upstreamRef, args.member);
    if (args.sessionSet === "1") txn.set(keys.sessionRef, args.member);
    if (args.intentSet === "1") txn.set(keys.intentRef, args.member);
    return "indexed";
  },
  result: z.enum(["indexed", "changed", "missing"]),
});
