// Records an event and, when it is sent, queues its deliveries, as one script: the event, its
// place in the events list, its sequence number and each copy's delivery were four KV writes
// (four LMDB commits on the embedded store, four billed commands on Upstash) per event, three
// events a purchase. A delivery is "<seq>~<event id>~<copy>", which emit-event.ts eventOfMember reads back.
// The record is also a Lua function and a transaction step of its own, so that a step which
// writes other objects with its events (objects/store-authorized.ts) records them the same way.
import { defineScript } from "@/lib/kv/define-script";
import type { KvTxn } from "@/lib/kv/kv-txn";
import { integerReply } from "@/lib/kv/scripts/reply";

/** The Lua of one record; `copies` is 0 when the event is not sent. Returns 1 when it queued a delivery. */
export const RECORD_EVENT_LUA = `
local function recordEvent(event, list, seq, deliveries, eventId, json, listScore, dueMs, copies)
  redis.call('SET', event, json)
  redis.call('ZADD', list, listScore, eventId)
  if tonumber(copies) == 0 then return 0 end
  local n = string.format('%012d', redis.call('INCR', seq))
  for copy = 0, tonumber(copies) - 1 do
    redis.call('ZADD', deliveries, dueMs, n .. '~' .. eventId .. '~' .. copy)
  end
  return 1
end`;

/** The same record inside an embedded write transaction. */
export function recordEventIn(
  txn: KvTxn,
  keys: { event: string; list: string; seq: string; deliveries: string },
  args: { eventId: string; json: string; listScore: string; dueMs: string; copies: string },
): 0 | 1 {
  txn.set(keys.event, args.json);
  txn.zAdd(keys.list, Number(args.listScore), args.eventId);
  const copies = Number(args.copies);
  if (copies === 0) return 0;
  const seq = String(txn.incrBy(keys.seq, 1)).padStart(12, "0");
  for (let copy = 0; copy < copies; copy += 1) txn.zAdd(keys.deliveries, Number(args.dueMs), `${seq}~${args.eventId}~${copy}`);
  return 1;
}

export const recordEvent = defineScript({
  name: "payments-sandbox-record-event",
  keys: ["event", "list", "seq", "deliveries"],
  // listScore: minus the creation second (list-index.ts); copies: 0 when the event is not sent.
  args: ["eventId", "json", "listScore", "dueMs", "copies"],
  lua: `${RECORD_EVENT_LUA}
return recordEvent(event, list, seq, deliveries, eventId, json, listScore, dueMs, copies)`,
  embedded: recordEventIn,
  result: integerReply,
});
