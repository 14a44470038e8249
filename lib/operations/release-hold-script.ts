// An accepted order's hold let go, once, as one write: the hold and its share of the held
// total go together, so a repeat (a lost reply, a second run) takes nothing more off the total.
// Shared by the spend script (upstream took the cost: it is counted as spent instead) and by an
// order that ended without upstream taking anything.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";
import type { KvTxn } from "@/lib/kv/kv-txn";

/** Lua with locals `hold` and `held`; a statement, its result discarded. */
export const RELEASE_HOLD_LUA = `
local holding = redis.call('GET', hold)
if holding then
  redis.call('DEL', hold)
  redis.call('DECRBY', held, holding)
end`;

/** The same in JavaScript; true when there was a hold to let go. */
export function releaseHoldIn(txn: KvTxn, hold: string, held: string): boolean {
  const holding = txn.get(hold);
  if (holding === null) return false;
  txn.del(hold);
  txn.incrBy(held, -Number(holding));
  return true;
}

export const releaseHoldScript = defineScript({
  name: "operations-release-hold",
  keys: ["hold", "held"],
  args: [],
  lua: `${RELEASE_HOLD_LUA}
if holding then return 1 end
return 0`,
  embedded: (txn, keys) => (releaseHoldIn(txn, keys.hold, keys.held) ? 1 : 0),
  result: flagReply,
});
