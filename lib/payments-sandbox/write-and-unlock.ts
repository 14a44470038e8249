// Writes a locked object's new value and lets go of its lock, as one script: the write and the
// release were two KV writes one after the other (two LMDB commits flushed to disk on the
// embedded store, two billed commands on Upstash) on every change to an object. The value is
// written whoever holds the lock by now, as the two calls did; the lock is released only if it
// still holds our token (lib/kv/scripts/release-lock.ts).
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const writeAndUnlock = defineScript({
  name: "payments-sandbox-write-and-unlock",
  keys: ["object", "lock"],
  args: ["json", "token"],
  lua: `
redis.call('SET', object, json)
if redis.call('GET', lock) == token then return redis.call('DEL', lock) end
return 0`,
  embedded(txn, keys, args) {
    txn.set(keys.object, args.json);
    return txn.get(keys.lock) === args.token && txn.del(keys.lock) ? 1 : 0;
  },
  result: flagReply,
});
