// Delete a lock only if it still holds our token: after our TTL ran out another caller may
// own it, and a plain DEL would release their lock. Answers true when we released it.
import { defineScript } from "../define-script";
import { flagReply } from "./reply";

export const releaseLock = defineScript({
  name: "release-lock",
  keys: ["lock"],
  args: ["token"],
  lua: `
if redis.call('GET', lock) == token then return redis.call('DEL', lock) end
return 0`,
  embedded(txn, keys, args) {
    return txn.get(keys.lock) === args.token && txn.del(keys.lock) ? 1 : 0;
  },
  result: flagReply,
});
