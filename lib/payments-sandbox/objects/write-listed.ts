// Stores an object and lists it, as one script: the object, its place in its kind's list, its
// place under its payment intent and, for a charge, which intent it belongs to were up to four
// KV writes one after the other (four LMDB commits flushed to disk on the embedded store, four
// billed commands on Upstash). `object` may be another object than the one listed: an
// authorized intent is written as its charge is listed (list-index.ts writeListed).
import { defineScript } from "@/lib/kv/define-script";
import { integerReply } from "@/lib/kv/scripts/reply";

export const writeListedScript = defineScript({
  name: "payments-sandbox-write-listed",
  keys: ["object", "list", "intentList", "alias"],
  // underIntent: "1" to list `member` under its intent too; aliasTo: the alias's value, "" for none.
  args: ["json", "member", "score", "underIntent", "aliasTo"],
  lua: `
redis.call('SET', object, json)
redis.call('ZADD', list, score, member)
if underIntent == '1' then redis.call('ZADD', intentList, score, member) end
if aliasTo ~= '' then redis.call('SET', alias, aliasTo) end
return 1`,
  embedded(txn, keys, args) {
    txn.set(keys.object, args.json);
    txn.zAdd(keys.list, Number(args.score), args.member);
    if (args.underIntent === "1") txn.zAdd(keys.intentList, Number(args.score), args.member);
    if (args.aliasTo !== "") txn.set(keys.alias, args.aliasTo);
    return 1;
  },
  result: integerReply,
});
