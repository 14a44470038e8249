// The low-balance guard's check and the count it protects, as one atomic step: an order is
// accepted only if its cost leaves the threshold available (the balance read, less the spend
// counted since and what accepted orders still hold), and is then held in the same step. Two
// checkouts at once cannot both pass a threshold that covers one. A repeat for the same order
// (a lost reply) finds its hold and accepts again without holding twice.
// Reply: { accepted (1 or 0), the sale ceiling it judged by }.
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";

export const holdSaleScript = defineScript({
  name: "operations-hold-sale",
  keys: ["hold", "held", "spent"],
  args: ["cost", "balance", "floor", "ttlMs"],
  lua: `
local ceiling = tonumber(balance) - tonumber(redis.call('GET', spent) or '0') - tonumber(redis.call('GET', held) or '0') - tonumber(floor)
if redis.call('EXISTS', hold) == 1 then return {1, ceiling} end
if tonumber(cost) > ceiling then return {0, ceiling} end
redis.call('SET', hold, cost, 'PX', tonumber(ttlMs))
redis.call('INCRBY', held, cost)
redis.call('PEXPIRE', held, ttlMs)
return {1, ceiling}`,
  embedded(txn, keys, args) {
    const ceiling = Number(args.balance) - Number(txn.get(keys.spent) ?? "0") - Number(txn.get(keys.held) ?? "0") - Number(args.floor);
    if (txn.exists(keys.hold)) return [1, ceiling];
    if (Number(args.cost) > ceiling) return [0, ceiling];
    const ttlMs = Number(args.ttlMs);
    txn.set(keys.hold, args.cost, { ttlMs });
    txn.incrBy(keys.held, Number(args.cost));
    txn.pexpire(keys.held, ttlMs);
    return [1, ceiling];
  },
  result: z.tuple([z.union([z.literal(0), z.literal(1)]), z.number().int()]).transform(([accepted, ceilingMinor]) => ({ accepted: accepted === 1, ceilingMinor })),
});
