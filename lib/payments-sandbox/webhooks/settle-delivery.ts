// Ends one claimed delivery attempt, as one script: the delivery leaves the queue (accepted, or
// out of attempts) or is queued again for its retry, and its claim goes. They were two KV writes
// one after the other (two LMDB commits flushed to disk on the embedded store, two billed
// commands on Upstash) for every webhook sent.
import { defineScript } from "@/lib/kv/define-script";
import { integerReply } from "@/lib/kv/scripts/reply";

export const settleDelivery = defineScript({
  name: "payments-sandbox-settle-delivery",
  keys: ["deliveries", "claim"],
  // retryAtMs: when to try again (the delivery's new score), "" when it leaves the queue.
  args: ["member", "retryAtMs"],
  lua: `
if retryAtMs == '' then redis.call('ZREM', deliveries, member) else redis.call('ZADD', deliveries, retryAtMs, member) end
redis.call('DEL', claim)
return 1`,
  embedded(txn, keys, args) {
    if (args.retryAtMs === "") txn.zRem(keys.deliveries, args.member);
    else txn.zAdd(keys.deliveries, Number(args.retryAtMs), args.member);
    txn.del(keys.claim);
    return 1;
  },
  result: integerReply,
});
