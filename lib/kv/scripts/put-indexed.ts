// Store a record and list it in a time-ordered index together, so a reader of the index never
// finds a member whose record was not written (orders by creation time, for example).
// ttlMs 0 = no expiry. Answers true when the member was new to the index.
import { defineScript } from "../define-script";
import { flagReply } from "./reply";

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
