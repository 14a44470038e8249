// Every write of the presentation as one script: compare-and-set on the exact index text that
// was read (two owners saving at once cannot lose each other's change: the loser reads again)
// and, in the same step, the one other key the change needs (a long description, or the
// reviewed snapshot). A writer whose reply was lost reads the index again: the write id in it
// tells whether its write landed (write-index.ts).
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";

export const writePresentationReply = z.enum(["saved", "conflict"]);

export const writePresentationScript = defineScript({
  name: "presentation-write",
  keys: ["index", "other"],
  // expected "" means the index must be absent; otherMode is set, del or keep (other untouched).
  args: ["expected", "value", "otherMode", "otherValue"],
  lua: `
local current = redis.call('GET', index)
if expected == '' then
  if current then return 'conflict' end
elseif current ~= expected then
  return 'conflict'
end
redis.call('SET', index, value)
if otherMode == 'set' then
  redis.call('SET', other, otherValue)
elseif otherMode == 'del' then
  redis.call('DEL', other)
end
return 'saved'`,
  embedded(txn, keys, args) {
    const current = txn.get(keys.index);
    if (args.expected === "" ? current !== null : current !== args.expected) return "conflict";
    txn.set(keys.index, args.value);
    if (args.otherMode === "set") txn.set(keys.other, args.otherValue);
    else if (args.otherMode === "del") txn.del(keys.other);
    return "saved";
  },
  result: writePresentationReply,
});
