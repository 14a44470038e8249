// A completed order counted into its day as one write: the order's receipt and the day's
// counters together, so a failure between them (a lost connection, a killed process) cannot
// leave a receipt that makes every later telling skip an order never counted, and the owner's
// chart never shows an order without its sales or its cost. sales and cost are minor units of
// the store currency, empty when the order's money could not be valued (counted as uncosted).
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const countCompletedOrderScript = defineScript({
  name: "operations-count-completed-order",
  keys: ["receipt", "orders", "sales", "cost", "uncosted"],
  args: ["salesMinor", "costMinor", "ttlMs"],
  lua: `
if redis.call('EXISTS', receipt) == 1 then return 0 end
redis.call('SET', receipt, '1', 'PX', tonumber(ttlMs))
local function add(counter, by)
  local created = redis.call('EXISTS', counter) == 0
  redis.call('INCRBY', counter, by)
  if created then redis.call('PEXPIRE', counter, ttlMs) end
end
add(orders, 1)
if salesMinor ~= '' then add(sales, salesMinor) end
if salesMinor == '' or costMinor == '' then add(uncosted, 1) else add(cost, costMinor) end
return 1`,
  embedded(txn, keys, args) {
    if (txn.exists(keys.receipt)) return 0;
    const ttlMs = Number(args.ttlMs);
    txn.set(keys.receipt, "1", { ttlMs });
    const add = (counter: string, by: number) => {
      const created = !txn.exists(counter);
      txn.incrBy(counter, by);
      if (created) txn.pexpire(counter, ttlMs);
    };
    add(keys.orders, 1);
    if (args.salesMinor !== "") add(keys.sales, Number(args.salesMinor));
    if (args.salesMinor === "" || args.costMinor === "") add(keys.uncosted, 1);
    else add(keys.cost, Number(args.costMinor));
    return 1;
  },
  result: flagReply,
});
