// Extend a lock's TTL only if it still holds our token: a holder that is still working keeps
// its lock short-lived (a dead holder frees it within one TTL) without ever extending a lock
// that has meanwhile passed to someone else. Answers true when the lock was ours and renewed.
import { defineScript } from "../define-script";
import { flagReply } from "./reply";

export const renewLock = defineScript({
  name: "renew-lock",
  keys: ["lock"],
  args: ["token", "ttlMs"],
  lua: `
if redis.call('GET', lock) == token then return redis.call('PEXPIRE', lock, tonumber(ttlMs)) end
return 0`,
  embedded(txn, keys, args) {
    return txn.get(keys.lock) === args.token && txn.pexpire(keys.lock, Number(args.ttlMs)) ? 1 : 0;
  },
  result: flagReply,
});
