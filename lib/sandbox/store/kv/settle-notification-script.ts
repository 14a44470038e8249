// SandboxStore.settleNotification: retry "1" keeps the head for another attempt after
// notBeforeMs (and frees its lease); "0" removes it, and the key with the last line. A seq
// that is no longer the head (settled already by a delivery whose lease ran out) changes
// nothing. Answers true when it changed the outbox.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";
import { formatLine, splitHead } from "./outbox-lines";

export const settleNotificationScript = defineScript({
  name: "sandbox-settle-notification",
  keys: ["outbox"],
  args: ["seq", "retry", "attempts", "notBeforeMs"],
  lua: String.raw`
local queue = redis.call('GET', outbox)
if not queue then return 0 end
local head, rest = string.match(queue, '^([^\n]*)\n(.*)$')
local headSeq, _, _, _, note = string.match(head, '^(%S+) (%S+) (%S+) (%S+) (.*)$')
if headSeq ~= seq then return 0 end
if retry == '1' then
  redis.call('SET', outbox, headSeq .. ' ' .. attempts .. ' ' .. notBeforeMs .. ' 0 ' .. note .. '\n' .. rest)
elseif rest == '' then
  redis.call('DEL', outbox)
else
  redis.call('SET', outbox, rest)
end
return 1`,
  embedded(txn, keys, args) {
    const queue = txn.get(keys.outbox);
    if (queue === null) return 0;
    const { head, rest } = splitHead(queue);
    if (head.seq !== args.seq) return 0;
    if (args.retry === "1") {
      txn.set(keys.outbox, formatLine({ ...head, attempts: args.attempts, notBeforeMs: args.notBeforeMs, leaseUntilMs: "0" }) + rest);
    } else if (rest === "") {
      txn.del(keys.outbox);
    } else {
      txn.set(keys.outbox, rest);
    }
    return 1;
  },
  result: flagReply,
});
