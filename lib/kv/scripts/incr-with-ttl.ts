// INCRBY that sets a TTL only when it creates the counter (rate-limit windows, daily counts).
// Two commands from the client could leave a counter without TTL forever if the process
// died between them, so the pair runs as one script. Not replay-safe by design: after a
// reply_lost the count may or may not have moved, and a rate-limit window or an id sequence
// can live with one step too many; a count that must move exactly once needs a receipt, as
// compare-and-set has.
import { defineScript } from "../define-script";
import { integerReply } from "./reply";

export const incrWithTtl = defineScript({
  name: "incr-with-ttl",
  keys: ["counter"],
  args: ["by", "ttlMs"],
  lua: `
local created = redis.call('EXISTS', counter) == 0
local value = redis.call('INCRBY', counter, by)
if created then redis.call('PEXPIRE', counter, ttlMs) end
return value`,
  embedded(txn, keys, args) {
    const created = !txn.exists(keys.counter);
    const value = txn.incrBy(keys.counter, Number(args.by));
    if (created) txn.pexpire(keys.counter, Number(args.ttlMs));
    return value;
  },
  result: integerReply,
});
