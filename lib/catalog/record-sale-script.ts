// A product's sale, counted once per order as one write: the order's receipt, the product's
// count and its place in the sales ranking together, so a failure between them cannot leave a
// receipt over a count never made, and two sales at once cannot rank a product by a stale count.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const recordSaleScript = defineScript({
  name: "catalog-record-sale",
  keys: ["receipt", "count", "sales"],
  args: ["member", "ttlMs"],
  lua: `
if redis.call('EXISTS', receipt) == 1 then return 0 end
redis.call('SET', receipt, '1', 'PX', tonumber(ttlMs))
local sold = redis.call('INCR', count)
redis.call('ZADD', sales, sold, member)
return 1`,
  embedded(txn, keys, args) {
    if (txn.exists(keys.receipt)) return 0;
    txn.set(keys.receipt, "1", { ttlMs: Number(args.ttlMs) });
    txn.zAdd(keys.sales, txn.incrBy(keys.count, 1), args.member);
    return 1;
  },
  result: flagReply,
});
