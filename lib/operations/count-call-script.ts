// Calls to an outside system, counted in their minute as one write: the calls, their latency
// bucket (only for the minute's first samplesPerMinute calls) and those that failed. One call
// or several of one minute and bucket at once (lib/shop/health.ts writes a response's calls
// together). Counters are created with the TTL that keeps them past the hour they are read for.
import { defineScript } from "@/lib/kv/define-script";
import { integerReply } from "@/lib/kv/scripts/reply";

export const countCallScript = defineScript({
  name: "operations-count-call",
  keys: ["calls", "bucket", "errors"],
  args: ["added", "failed", "samplesPerMinute", "ttlMs"],
  lua: `
local function count(counter, by)
  local created = redis.call('EXISTS', counter) == 0
  local value = redis.call('INCRBY', counter, by)
  if created then redis.call('PEXPIRE', counter, ttlMs) end
  return value
end
local n = count(calls, tonumber(added))
local sampled = math.min(tonumber(added), tonumber(samplesPerMinute) - (n - tonumber(added)))
if sampled > 0 then count(bucket, sampled) end
if tonumber(failed) > 0 then count(errors, tonumber(failed)) end
return n`,
  embedded(txn, keys, args) {
    const count = (counter: string, by: number) => {
      const created = !txn.exists(counter);
      const value = txn.incrBy(counter, by);
      if (created) txn.pexpire(counter, Number(args.ttlMs));
      return value;
    };
    const added = Number(args.added);
    const n = count(keys.calls, added);
    // The calls of this write that are still within the minute's first samplesPerMinute.
    const sampled = Math.min(added, Number(args.samplesPerMinute) - (n - added));
    if (sampled > 0) count(keys.bucket, sampled);
    if (Number(args.failed) > 0) count(keys.errors, Number(args.failed));
    return n;
  },
  result: integerReply,
});
