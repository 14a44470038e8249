// Claim one due webhook delivery for a while, as one script: the claim is the time (on the
// sandbox's clock) until which no other instance sends it. An instance that dies mid-POST
// never lets go, so its claim simply lapses and another instance delivers the event — at
// least once, as Stripe does, never lost.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const claimDelivery = defineScript({
  name: "payments-sandbox-claim-delivery",
  keys: ["claim"],
  // ttlMs only tidies KV: the claim's meaning is `claimUntil`, on the sandbox's clock.
  args: ["now", "claimUntil", "ttlMs"],
  lua: `
local held = redis.call('GET', claim)
if held and tonumber(held) > tonumber(now) then return 0 end
redis.call('SET', claim, claimUntil, 'PX', tonumber(ttlMs))
return 1`,
  embedded(txn, keys, args) {
    const held = txn.get(keys.claim);
    if (held !== null && Number(held) > Number(args.now)) return 0;
    txn.set(keys.claim, args.claimUntil, { ttlMs: Number(args.ttlMs) });
    return 1;
  },
  result: flagReply,
});
