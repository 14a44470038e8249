// Closing the breaker by hand, as one script: the breaker's key goes and the record of who closed
// it is written in the same step, only when it was open, so a second close from another tab
// keeps the first one's name and time instead of claiming a close that changed nothing.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const closeBreakerScript = defineScript({
  name: "fraud-close-breaker",
  keys: ["breaker", "closed"],
  args: ["record"],
  lua: `
if redis.call('DEL', breaker) == 0 then return 0 end
redis.call('SET', closed, record)
return 1`,
  embedded(txn, keys, args) {
    if (!txn.del(keys.breaker)) return 0;
    txn.set(keys.closed, args.record);
    return 1;
  },
  result: flagReply,
});
