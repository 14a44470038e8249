// Idempotency in one round trip: claim the key, or learn what the first request stored there.
// Answers null when this call claimed it, else the value already present. ttlMs 0 = no expiry.
// Replayed after a lost reply it answers the value the first run stored: put a request id in
// the value and the caller recognises its own claim.
import { defineScript } from "../define-script";
import { stringOrNullReply } from "./reply";

export const setIfAbsentOrGet = defineScript({
  name: "set-if-absent-or-get",
  keys: ["target"],
  args: ["value", "ttlMs"],
  lua: `
local existing = redis.call('GET', target)
if existing then return existing end
if tonumber(ttlMs) > 0 then
  redis.call('SET', target, value, 'PX', ttlMs)
else
  redis.call('SET', target, value)
end
return false`,
  embedded(txn, keys, args) {
    const existing = txn.get(keys.target);
    if (existing !== null) return existing;
    const ttlMs = Number(args.ttlMs);
    txn.set(keys.target, args.value, ttlMs > 0 ? { ttlMs } : {});
    return null;
  },
  result: stringOrNullReply,
});
