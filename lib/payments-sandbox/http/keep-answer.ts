// Keeps an idempotent request's answer and clears its in-progress mark, as one script: they
// were two KV writes one after the other (two LMDB commits flushed to disk on the embedded
// store, two billed commands on Upstash) on every POST with an Idempotency-Key.
import { defineScript } from "@/lib/kv/define-script";
import { integerReply } from "@/lib/kv/scripts/reply";

export const keepAnswer = defineScript({
  name: "payments-sandbox-keep-answer",
  keys: ["kept", "running"],
  // keep: "0" for an answer Stripe does not keep (5xx), which only clears the mark.
  args: ["json", "ttlMs", "keep"],
  lua: `
if keep == '1' then redis.call('SET', kept, json, 'PX', tonumber(ttlMs)) end
redis.call('DEL', running)
return 1`,
  embedded(txn, keys, args) {
    if (args.keep === "1") txn.set(keys.kept, args.json, { ttlMs: Number(args.ttlMs) });
    txn.del(keys.running);
    return 1;
  },
  result: integerReply,
});
