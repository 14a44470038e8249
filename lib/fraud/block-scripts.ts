// Adding and removing a blocklist entry, each as one script: the entry's record and its line in
// the index change together, so a process that dies between the two cannot leave an entry that
// is listed but never matched, or matched but never listed. Adding keeps the first entry of a
// kind and value (its reason and author), as the port promises.
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const blockScript = defineScript({
  name: "fraud-block",
  keys: ["record", "index"],
  args: ["value", "member", "at"],
  lua: `
if redis.call('EXISTS', record) == 1 then return 0 end
redis.call('SET', record, value)
redis.call('ZADD', index, at, member)
return 1`,
  embedded(txn, keys, args) {
    if (txn.exists(keys.record)) return 0;
    txn.set(keys.record, args.value);
    txn.zAdd(keys.index, Number(args.at), args.member);
    return 1;
  },
  result: flagReply,
});

export const unblockScript = defineScript({
  name: "fraud-unblock",
  keys: ["record", "index"],
  args: ["member"],
  lua: `
local existed = redis.call('DEL', record)
redis.call('ZREM', index, member)
return existed`,
  embedded(txn, keys, args) {
    const existed = txn.del(keys.record);
    txn.zRem(keys.index, args.member);
    return existed ? 1 : 0;
  },
  result: z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1),
});
