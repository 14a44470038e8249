// An order's upstream spend, counted once, as one write: its receipt and the snapshot's counter
// move together, so a failure between them (a lost connection, a killed process) cannot leave
// a receipt that makes every repeat skip a spend never counted. A repeat after a lost reply
// finds the receipt and counts nothing. The order's hold (sale-hold.ts) is let go in the same
// write: the cost moves from held to spent, never counted in both or in neither.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";
import { RELEASE_HOLD_LUA, releaseHoldIn } from "./release-hold-script";

export const recordSpendScript = defineScript({
  name: "operations-record-spend",
  keys: ["receipt", "counter", "hold", "held"],
  args: ["by", "receiptTtlMs", "counterTtlMs"],
  lua: `
if redis.call('EXISTS', receipt) == 1 then return 0 end
redis.call('SET', receipt, '1', 'PX', tonumber(receiptTtlMs))
local created = redis.call('EXISTS', counter) == 0
redis.call('INCRBY', counter, by)
if created then redis.call('PEXPIRE', counter, counterTtlMs) end
${RELEASE_HOLD_LUA}
return 1`,
  embedded(txn, keys, args) {
    if (txn.exists(keys.receipt)) return 0;
    txn.set(keys.receipt, "1", { ttlMs: Number(args.receiptTtlMs) });
    const created = !txn.exists(keys.counter);
    txn.incrBy(keys.counter, Number(args.by));
    if (created) txn.pexpire(keys.counter, Number(args.counterTtlMs));
    releaseHoldIn(txn, keys.hold, keys.held);
    return 1;
  },
  result: flagReply,
});
