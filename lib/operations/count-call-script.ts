// One call to an outside system, counted in its minute as one write: the call, its latency
// bucket (only for the minute's first samplesPerMinute calls) and, if it failed, the error.
// Counters are created with the TTL that keeps them past the hour they are read for.
import { defineScript } from "@/lib/kv/define-script";
import { integerReply } from "@/lib/kv/scripts/reply";

export const countCallScript = defineScript({
  name: "operations-count-call",
  keys: ["calls", "bucket", "errors"],
  args: ["failed", "samplesPerMinute", "ttlMs"],
  lua: `
local function count(counter)
  local created = redis.call('EXISTS', counter) == 0
  local value = redis.call('INCR', counter)
  if created then redis.call('PEXPIRE', counter, ttlMs) end
  return value
end
local n = count(calls)
if n <= tonumber(samplesPerMinute) then count(bucket) end
if failed == '1' then count(errors) end
return n`,
  embedded(txn, keys, args) {
    const count = (counter: string) => {
      const created = !txn.exists(counter);
      const value = txn.incrBy(counter, 1);
      if (created) txn.pexpire(counter, Number(args.ttlMs));
      return value;
    };
    const n = count(keys.calls);
    if (n <= Number(args.samplesPerMinute)) count(keys.bucket);
    if (args.failed === "1") count(keys.errors);
    return n;
  },
  result: integerReply,
});
