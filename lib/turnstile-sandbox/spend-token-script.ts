// Verifying a token spends it, once: the first verification answers the token's facts and marks
// it spent, a second one (a replay) answers "spent". A verification repeated under the same
// idempotency key (the shop retrying after a lost answer) gets the first answer again, as
// Cloudflare's siteverify does, instead of "spent".
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";

export const spendTokenReply = z.string().regex(/^(unknown|spent|ok\t.*)$/s);

export const spendTokenScript = defineScript({
  name: "turnstile-sandbox-spend-token",
  keys: ["record", "spent", "replay"],
  args: ["ttlMs"],
  lua: `
local prior = redis.call('GET', replay)
if prior then return prior end
local answer
local record = redis.call('GET', record)
if not record then
  answer = 'unknown'
elseif redis.call('EXISTS', spent) == 1 then
  answer = 'spent'
else
  redis.call('SET', spent, '1', 'PX', ttlMs)
  answer = 'ok\\t' .. record
end
redis.call('SET', replay, answer, 'PX', ttlMs)
return answer`,
  embedded(txn, keys, args) {
    const prior = txn.get(keys.replay);
    if (prior !== null) return prior;
    const record = txn.get(keys.record);
    let answer: string;
    if (record === null) answer = "unknown";
    else if (txn.exists(keys.spent)) answer = "spent";
    else {
      txn.set(keys.spent, "1", { ttlMs: Number(args.ttlMs) });
      answer = `ok\t${record}`;
    }
    txn.set(keys.replay, answer, { ttlMs: Number(args.ttlMs) });
    return answer;
  },
  result: spendTokenReply,
});
