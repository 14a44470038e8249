// SandboxStore.claimNotification: lease the head of an order's outbox if neither a retry delay
// nor another delivery's lease holds it. The lease is a time on the caller's clock kept in
// the line, not a key TTL, because the sandbox's clock is injected (tests move it by hand)
// and a TTL would run on the server's; a lease whose holder died is simply overtaken after
// its time. Answers false when the outbox is empty.
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";
import { formatLine, splitHead } from "./outbox-lines";

const integerText = z.string().regex(/^-?\d+$/).transform(Number);

export const claimReply = z.union([
  z.null(),
  z.tuple([z.literal("retry"), integerText]),
  z.tuple([z.literal("entry"), integerText, integerText, integerText, z.string()]),
]);

export const claimNotificationScript = defineScript({
  name: "sandbox-claim-notification",
  keys: ["outbox"],
  args: ["nowMs", "leaseUntilMs"],
  lua: String.raw`
local queue = redis.call('GET', outbox)
if not queue then return false end
local head, rest = string.match(queue, '^([^\n]*)\n(.*)$')
local seq, attempts, notBefore, lease, note = string.match(head, '^(%S+) (%S+) (%S+) (%S+) (.*)$')
local busy = notBefore
if tonumber(lease) > tonumber(notBefore) then busy = lease end
if tonumber(busy) > tonumber(nowMs) then return {'retry', busy} end
redis.call('SET', outbox, seq .. ' ' .. attempts .. ' ' .. notBefore .. ' ' .. leaseUntilMs .. ' ' .. note .. '\n' .. rest)
return {'entry', seq, attempts, notBefore, note}`,
  embedded(txn, keys, args) {
    const queue = txn.get(keys.outbox);
    if (queue === null) return null;
    const { head, rest } = splitHead(queue);
    const busy = Number(head.leaseUntilMs) > Number(head.notBeforeMs) ? head.leaseUntilMs : head.notBeforeMs;
    if (Number(busy) > Number(args.nowMs)) return ["retry", busy];
    txn.set(keys.outbox, formatLine({ ...head, leaseUntilMs: args.leaseUntilMs }) + rest);
    return ["entry", head.seq, head.attempts, head.notBeforeMs, head.json];
  },
  result: claimReply,
});
