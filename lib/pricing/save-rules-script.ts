// Saving a version of the rules as one script: a compare-and-set on the current version number
// (two owners saving from the same version cannot both win, and neither loses the other's write
// unseen), the version's own record, and its line in the history, together. Replayed after a
// lost reply it finds its own record already stored and says so ("already").
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";

export const saveRulesReply = z.enum(["saved", "already", "conflict"]);
export type SaveRulesReply = z.infer<typeof saveRulesReply>;

export const saveRulesScript = defineScript({
  name: "pricing-save-rules",
  keys: ["current", "record", "history"],
  // expected "" creates the first version: the current pointer must be absent.
  args: ["expected", "version", "value", "summary"],
  lua: `
local existing = redis.call('GET', record)
if existing == value then return 'already' end
local current_version = redis.call('GET', current)
if expected == '' then
  if current_version then return 'conflict' end
elseif current_version ~= expected then
  return 'conflict'
end
if existing then return 'conflict' end
redis.call('SET', record, value)
redis.call('SET', current, version)
redis.call('ZADD', history, version, summary)
return 'saved'`,
  embedded(txn, keys, args) {
    const existing = txn.get(keys.record);
    if (existing === args.value) return "already";
    const currentVersion = txn.get(keys.current);
    if (args.expected === "" ? currentVersion !== null : currentVersion !== args.expected) return "conflict";
    if (existing !== null) return "conflict";
    txn.set(keys.record, args.value);
    txn.set(keys.current, args.version);
    txn.zAdd(keys.history, Number(args.version), args.summary);
    return "saved";
  },
  result: saveRulesReply,
});
