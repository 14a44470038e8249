// A locked object's new value, its unlock and the one event its change sends, as one script: a
// capture recorded payment_intent.succeeded and then wrote the intent with its unlock, two KV
// writes one after the other (two LMDB commits flushed to disk on the embedded store, two billed
// commands on Upstash) on every purchase (docs/architecture-decisions.md item 287).
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";
import { RECORD_EVENT_LUA, recordEventIn } from "./webhooks/record-event";

export const writeUnlockAndRecord = defineScript({
  name: "payments-sandbox-write-unlock-and-record",
  keys: ["object", "lock", "event", "list", "seq", "deliveries"],
  args: ["json", "token", "eventId", "eventJson", "listScore", "dueMs", "copies"],
  lua: `${RECORD_EVENT_LUA}
recordEvent(event, list, seq, deliveries, eventId, eventJson, listScore, dueMs, copies)
redis.call('SET', object, json)
if redis.call('GET', lock) == token then return redis.call('DEL', lock) end
return 0`,
  embedded(txn, keys, args) {
    recordEventIn(txn, keys, { eventId: args.eventId, json: args.eventJson, listScore: args.listScore, dueMs: args.dueMs, copies: args.copies });
    txn.set(keys.object, args.json);
    return txn.get(keys.lock) === args.token && txn.del(keys.lock) ? 1 : 0;
  },
  result: flagReply,
});
