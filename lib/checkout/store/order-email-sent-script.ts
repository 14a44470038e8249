// An order email sent, as one write: its claim becomes the "sent" mark (so a sweep that listed
// the order earlier cannot send it again) and the order leaves the email outbox, together.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";

export const orderEmailSentScript = defineScript({
  name: "checkout-order-email-sent",
  keys: ["claim", "outbox"],
  args: ["member", "ttlMs"],
  lua: `
redis.call('SET', claim, 'sent', 'PX', tonumber(ttlMs))
redis.call('ZREM', outbox, member)
return 1`,
  embedded(txn, keys, args) {
    txn.set(keys.claim, "sent", { ttlMs: Number(args.ttlMs) });
    txn.zRem(keys.outbox, args.member);
    return 1;
  },
  result: flagReply,
});
