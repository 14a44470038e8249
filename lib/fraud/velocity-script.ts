// The velocity check as one script: every window of every subject (the email, the client
// address, the game account) is read, judged and only then counted, all at once, so that two
// checkouts arriving together cannot both pass a cap that has room for one, and a refused
// checkout counts nowhere. The same script marks the bot-check token as used, so that a token
// accepted once is refused the second time even within its validity.
//
// A window's value is "orders:amount" (amount in minor units). Caps come as "hourOrders,
// dayOrders,hourAmount,dayAmount" (0: that cap is off) or "skip" for a subject not known (no
// trusted client address, no account). The answer is "ok", "token_reused" or the rule that
// refused, named as in fraud-rules.ts (e.g. "firstHourOrders").
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";
import type { KvTxn } from "@/lib/kv/kv-txn";

export const velocityReply = z.string().regex(/^(ok|token_reused|(email|first|ip|account)(Hour|Day)(Orders|Amount))$/);

function capsOf(text: string): number[] | null {
  return text === "skip" ? null : text.split(",").map(Number);
}

function readWindow(txn: KvTxn, key: string): [number, number] {
  const match = /^(\d+):(\d+)$/.exec(txn.get(key) ?? "");
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

export const velocityScript = defineScript({
  name: "fraud-velocity",
  keys: ["tokenSeen", "customer", "emailHour", "emailDay", "ipHour", "ipDay", "accountHour", "accountDay"],
  args: ["amount", "checkToken", "emailCaps", "firstCaps", "ipCaps", "accountCaps", "hourTtlMs", "dayTtlMs", "tokenTtlMs"],
  lua: `
if checkToken == '1' and redis.call('EXISTS', tokenSeen) == 1 then return 'token_reused' end
local amt = tonumber(amount)
local function caps(text)
  if text == 'skip' then return nil end
  local list = {}
  for n in string.gmatch(text, '%d+') do list[#list + 1] = tonumber(n) end
  return list
end
local function read(key)
  local value = redis.call('GET', key)
  if not value then return 0, 0 end
  local count, sum = string.match(value, '^(%d+):(%d+)$')
  if not count then return 0, 0 end
  return tonumber(count), tonumber(sum)
end
local emailName, emailList = 'email', emailCaps
if redis.call('EXISTS', customer) == 0 then emailName, emailList = 'first', firstCaps end
local subjects = {
  {emailName, caps(emailList), emailHour, emailDay},
  {'ip', caps(ipCaps), ipHour, ipDay},
  {'account', caps(accountCaps), accountHour, accountDay},
}
local writes = {}
for _, subject in ipairs(subjects) do
  local limits = subject[2]
  if limits then
    local spans = {{'Hour', subject[3], hourTtlMs}, {'Day', subject[4], dayTtlMs}}
    for i, span in ipairs(spans) do
      local count, sum = read(span[2])
      count = count + 1
      sum = sum + amt
      if limits[i] > 0 and count > limits[i] then return subject[1] .. span[1] .. 'Orders' end
      if limits[i + 2] > 0 and sum > limits[i + 2] then return subject[1] .. span[1] .. 'Amount' end
      writes[#writes + 1] = {span[2], string.format('%d:%d', count, sum), span[3]}
    end
  end
end
for _, write in ipairs(writes) do redis.call('SET', write[1], write[2], 'PX', write[3]) end
if checkToken == '1' then redis.call('SET', tokenSeen, '1', 'PX', tokenTtlMs) end
return 'ok'`,
  embedded(txn, keys, args) {
    if (args.checkToken === "1" && txn.exists(keys.tokenSeen)) return "token_reused";
    const amount = Number(args.amount);
    const first = !txn.exists(keys.customer);
    const subjects: [string, number[] | null, string, string][] = [
      [first ? "first" : "email", capsOf(first ? args.firstCaps : args.emailCaps), keys.emailHour, keys.emailDay],
      ["ip", capsOf(args.ipCaps), keys.ipHour, keys.ipDay],
      ["account", capsOf(args.accountCaps), keys.accountHour, keys.accountDay],
    ];
    const writes: [string, string, number][] = [];
    for (const [name, limits, hourKey, dayKey] of subjects) {
      if (!limits) continue;
      const spans: [string, string, number][] = [
        ["Hour", hourKey, Number(args.hourTtlMs)],
        ["Day", dayKey, Number(args.dayTtlMs)],
      ];
      for (const [i, [span, key, ttlMs]] of spans.entries()) {
        const [before, sumBefore] = readWindow(txn, key);
        const count = before + 1;
        const sum = sumBefore + amount;
        const orderCap = limits[i] ?? 0;
        const amountCap = limits[i + 2] ?? 0;
        if (orderCap > 0 && count > orderCap) return `${name}${span}Orders`;
        if (amountCap > 0 && sum > amountCap) return `${name}${span}Amount`;
        writes.push([key, `${count}:${sum}`, ttlMs]);
      }
    }
    for (const [key, value, ttlMs] of writes) txn.set(key, value, { ttlMs });
    if (args.checkToken === "1") txn.set(keys.tokenSeen, "1", { ttlMs: Number(args.tokenTtlMs) });
    return "ok";
  },
  result: velocityReply,
});

/**
 * A counted checkout taken back (the shop then refused the order for its own reasons): one order
 * and its amount off each window it was counted in, so the buyer's next try is not held against
 * them. A window gone meanwhile (expired) is left gone; one back at nothing is deleted. Keys of a
 * subject that was not counted (no address, no account) hold nothing and are skipped. The
 * token's mark stays: siteverify has spent the token either way.
 */
export const velocityWithdrawScript = defineScript({
  name: "fraud-velocity-withdraw",
  keys: ["emailHour", "emailDay", "ipHour", "ipDay", "accountHour", "accountDay"],
  args: ["amount"],
  lua: `
local amt = tonumber(amount)
for _, key in ipairs({emailHour, emailDay, ipHour, ipDay, accountHour, accountDay}) do
  local value = redis.call('GET', key)
  local count, sum = string.match(value or '', '^(%d+):(%d+)$')
  if count then
    count = math.max(tonumber(count) - 1, 0)
    sum = math.max(tonumber(sum) - amt, 0)
    if count == 0 then redis.call('DEL', key) else redis.call('SET', key, string.format('%d:%d', count, sum), 'KEEPTTL') end
  end
end
return 'ok'`,
  embedded(txn, keys, args) {
    const amount = Number(args.amount);
    for (const key of [keys.emailHour, keys.emailDay, keys.ipHour, keys.ipDay, keys.accountHour, keys.accountDay]) {
      if (!/^(\d+):(\d+)$/.test(txn.get(key) ?? "")) continue;
      const [count, sum] = readWindow(txn, key);
      if (count <= 1) txn.del(key);
      else txn.set(key, `${count - 1}:${Math.max(sum - amount, 0)}`, { keepTtl: true });
    }
    return "ok";
  },
  result: z.literal("ok"),
});
