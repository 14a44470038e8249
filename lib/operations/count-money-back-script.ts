// Money a buyer got back on one order (a refund, later a lost dispute), counted into its day as
// one write with its receipt, so it is netted once however often it is told and never lost
// between the receipt and the counter. amountMinor is empty when it could not be valued in the
// store currency (no rate): counted as unvalued rather than at a guess.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const countMoneyBackScript = defineScript({
  name: "operations-count-money-back",
  keys: ["receipt", "refunded", "uncosted"],
  args: ["amountMinor", "ttlMs"],
  lua: `
if redis.call('EXISTS', receipt) == 1 then return 0 end
redis.call('SET', receipt, '1', 'PX', tonumber(ttlMs))
local counter = refunded
local by = amountMinor
if amountMinor == '' then counter = uncosted; by = 1 end
local created = redis.call('EXISTS', counter) == 0
redis.call('INCRBY', counter, by)
if created then redis.call('PEXPIRE', counter, ttlMs) end
return 1`,
  embedded(txn, keys, args) {
    if (txn.exists(keys.receipt)) return 0;
    const ttlMs = Number(args.ttlMs);
    txn.set(keys.receipt, "1", { ttlMs });
    const counter = args.amountMinor === "" ? keys.uncosted : keys.refunded;
    const created = !txn.exists(counter);
    txn.incrBy(counter, args.amountMinor === "" ? 1 : Number(args.amountMinor));
    if (created) txn.pexpire(counter, ttlMs);
    return 1;
  },
  result: flagReply,
});
