// Append text to a string key in one step (Redis APPEND, which the embedded driver's script
// API lacks); used for an order's reconciliation records, one JSON line each, so that two
// /api/revise calls recording the same order at once both keep their lines.
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";

export const appendLinesScript = defineScript({
  name: "sandbox-append-lines",
  keys: ["target"],
  args: ["lines"],
  lua: `
redis.call('SET', target, (redis.call('GET', target) or '') .. lines)
return false`,
  embedded(txn, keys, args) {
    txn.set(keys.target, (txn.get(keys.target) ?? "") + args.lines);
    return null;
  },
  result: z.null(),
});
