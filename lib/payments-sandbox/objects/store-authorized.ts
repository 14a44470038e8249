// What Pay changes when a card is authorized, as one script: the intent (listed too when this
// attempt created it), the card's PaymentMethod, the charge's lists and alias, the two events
// and the session with its lock released. They were six KV writes one after the other (six
// LMDB commits flushed to disk on the embedded store, six billed commands on Upstash) on every
// purchase, each commit about a millisecond of CPU (docs/architecture-decisions.md item 287).
// A script names every key it may touch; a write this call leaves out repeats a key it writes.
import { defineScript } from "@/lib/kv/define-script";
import { flagReply } from "@/lib/kv/scripts/reply";
import type { SandboxContext } from "../context";
import type { Unlock } from "../store";
import { afterRecorded, recordInput, type PendingEvent, type RecordInput } from "../webhooks/emit-event";
import { RECORD_EVENT_LUA, recordEventIn } from "../webhooks/record-event";
import { listKey } from "./list-index";
import type { PaymentMethod, StoredPaymentIntent } from "./records";

/**
 * What the attempt made that is not stored yet: the intent, when this attempt created it, and
 * the card's method. An authorization stores them with everything else it writes; any other
 * outcome stores them first (pay-session.ts storeTried), as they were stored before it.
 */
export interface Unstored {
  intent: StoredPaymentIntent | null;
  method: PaymentMethod | null;
}

export const storeAuthorized = defineScript({
  name: "payments-sandbox-store-authorized",
  keys: ["session", "lock", "intent", "intentList", "method", "chargeList", "chargeIntentList", "chargeAlias", "eventA", "eventB", "eventList", "eventSeq", "deliveries"],
  // listIntent: "1" when this attempt created the intent; methodJson: "" when the method is stored already.
  args: [
    "sessionJson",
    "token",
    "intentJson",
    "intentId",
    "intentScore",
    "listIntent",
    "methodJson",
    "chargeId",
    "chargeScore",
    "eventAId",
    "eventAJson",
    "eventAScore",
    "eventADueMs",
    "eventACopies",
    "eventBId",
    "eventBJson",
    "eventBScore",
    "eventBDueMs",
    "eventBCopies",
  ],
  lua: `${RECORD_EVENT_LUA}
redis.call('SET', intent, intentJson)
if listIntent == '1' then redis.call('ZADD', intentList, intentScore, intentId) end
if methodJson ~= '' then redis.call('SET', method, methodJson) end
redis.call('ZADD', chargeList, chargeScore, chargeId)
redis.call('ZADD', chargeIntentList, chargeScore, chargeId)
redis.call('SET', chargeAlias, intentId)
recordEvent(eventA, eventList, eventSeq, deliveries, eventAId, eventAJson, eventAScore, eventADueMs, eventACopies)
recordEvent(eventB, eventList, eventSeq, deliveries, eventBId, eventBJson, eventBScore, eventBDueMs, eventBCopies)
redis.call('SET', session, sessionJson)
if redis.call('GET', lock) == token then return redis.call('DEL', lock) end
return 0`,
  embedded(txn, keys, args) {
    txn.set(keys.intent, args.intentJson);
    if (args.listIntent === "1") txn.zAdd(keys.intentList, Number(args.intentScore), args.intentId);
    if (args.methodJson !== "") txn.set(keys.method, args.methodJson);
    txn.zAdd(keys.chargeList, Number(args.chargeScore), args.chargeId);
    txn.zAdd(keys.chargeIntentList, Number(args.chargeScore), args.chargeId);
    txn.set(keys.chargeAlias, args.intentId);
    const events = { list: keys.eventList, seq: keys.eventSeq, deliveries: keys.deliveries };
    recordEventIn(txn, { ...events, event: keys.eventA }, { eventId: args.eventAId, json: args.eventAJson, listScore: args.eventAScore, dueMs: args.eventADueMs, copies: args.eventACopies });
    recordEventIn(txn, { ...events, event: keys.eventB }, { eventId: args.eventBId, json: args.eventBJson, listScore: args.eventBScore, dueMs: args.eventBDueMs, copies: args.eventBCopies });
    txn.set(keys.session, args.sessionJson);
    return txn.get(keys.lock) === args.token && txn.del(keys.lock) ? 1 : 0;
  },
  result: flagReply,
});

/**
 * The authorization's writes with the session's: the charge is derived from its intent, so the
 * intent is what is written as the charge is listed; refunds may name the charge rather than
 * the intent, hence the alias.
 */
export async function storeAuthorization(
  context: SandboxContext,
  unlock: Unlock,
  authorized: StoredPaymentIntent,
  fresh: Unstored,
  events: readonly [PendingEvent, PendingEvent],
): Promise<void> {
  const { store } = context;
  const intentId = authorized.intent.id;
  const chargeId = authorized.intent.latest_charge ?? "";
  const [a, b] = events.map((event) => recordInput(context, event)) as [RecordInput, RecordInput];
  await store.kv.run(storeAuthorized, {
    keys: {
      session: unlock.object,
      lock: unlock.lock,
      intent: store.key("pi", intentId),
      intentList: listKey(context, "pi"),
      method: fresh.method ? store.key("pm", fresh.method.id) : unlock.object,
      chargeList: listKey(context, "ch"),
      chargeIntentList: listKey(context, "ch", intentId),
      chargeAlias: store.key("charge", chargeId),
      eventA: a.keys.event,
      eventB: b.keys.event,
      eventList: a.keys.list,
      eventSeq: a.keys.seq,
      deliveries: a.keys.deliveries,
    },
    args: {
      sessionJson: unlock.json,
      token: unlock.token,
      intentJson: JSON.stringify(authorized),
      intentId,
      intentScore: -authorized.intent.created,
      listIntent: fresh.intent ? "1" : "0",
      methodJson: fresh.method ? JSON.stringify(fresh.method) : "",
      chargeId,
      chargeScore: -(authorized.charge_created ?? 0),
      eventAId: a.args.eventId,
      eventAJson: a.args.json,
      eventAScore: a.args.listScore,
      eventADueMs: a.args.dueMs,
      eventACopies: a.args.copies,
      eventBId: b.args.eventId,
      eventBJson: b.args.json,
      eventBScore: b.args.listScore,
      eventBDueMs: b.args.dueMs,
      eventBCopies: b.args.copies,
    },
  });
  for (const event of events) afterRecorded(context, event);
}
