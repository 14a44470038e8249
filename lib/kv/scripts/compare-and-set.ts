// Optimistic update: replace the value only if it is still exactly the one we read, so two
// workers moving the same order (pending -> paid, pending -> expired) cannot both win.
// ttlMs 0 keeps the key's current TTL. Answers true when the value was replaced.
import { defineScript } from "../define-script";
import { flagReply } from "./reply";

export const compareAndSet = defineScript({
  name: "compare-and-set",
  keys: ["target"],
  args: ["expected", "value", "ttlMs"],
  lua: `
if redis.call('GET', target) ~= expected then return 0 end
if tonumber(ttlMs) > 0 then
  redis.call('SET', target, value, 'PX', ttlMs)
else
  redis.call('SET', target, value, 'KEEPTTL')
end
return 1`,
  embedded(txn, keys, args) {
    if (txn.get(keys.target) !== args.expected) return 0;
    const ttlMs = Number(args.ttlMs);
    txn.set(keys.target, args.value, ttlMs > 0 ? { ttlMs } : { keepTtl: true });
    return 1;
  },
  result: flagReply,
});
