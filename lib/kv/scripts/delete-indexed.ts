// The inverse of put-indexed: drop the record and its index entry together.
// Answers true when the record existed.
import { defineScript } from "../define-script";
import { flagReply } from "./reply";

export const deleteIndexed = defineScript({
  name: "delete-indexed",
  keys: ["record", "index"],
  args: ["member"],
  lua: `
local deleted = redis.call('DEL', record)
redis.call('ZREM', index, member)
return deleted`,
  embedded(txn, keys, args) {
    const deleted = txn.del(keys.record);
    txn.zRem(keys.index, args.member);
    return deleted ? 1 : 0;
  },
  result: flagReply,
});
