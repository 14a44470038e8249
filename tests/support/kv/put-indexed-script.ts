// A script for driver tests only: it writes a string (with a TTL) and a sorted set in one run, so
// the tests of prefixes, expiry and persistence cover a script that touches both kinds of key.
// No production code needs it. ttlMs 0 = no expiry. Answers true when the member was new.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const putIndexed = defineScript({
  name: "put-indexed",
  keys: ["record", "index"],
  args: ["value", "score", "member", "ttlMs"],
  lua: `
if tonumber(ttlMs) > 0 then
  redis.call('SET', record, value, 'PX', ttlMs)
else
  redis.call('SET', record, value)
end
return redis.call('ZADD', index, score, member)`,
  embedded(txn, keys, args) {
    const ttlMs = Number(args.ttlMs);
    txn.set(keys.record, args.value, ttlMs > 0 ? { ttlMs } : {});
    return txn.zAdd(keys.index, Number(args.score), args.member) ? 1 : 0;
  },
  result: flagReply,
});
