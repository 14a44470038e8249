// Records an event (retrievable at /v1/events/:id) and queues its deliveries in KV: deadlines
// live in a sorted set rather than in timers, because a serverless instance has no timers.
import Stripe from "stripe";
import type { SandboxContext } from "../context";
import { unixSeconds } from "../clock-ids";
import { listKey } from "../objects/list-index";
import type { EventType, StripeEvent } from "../objects/records";
import type { Commit } from "../store";
import { writeUnlockAndRecord } from "../write-unlock-and-record";
import { deliverDue } from "./deliver-due";
import { recordEvent } from "./record-event";

/** The version the installed stripe package pins, so its types describe the events exactly. */
export const API_VERSION: string = Stripe.API_VERSION;

export function deliveriesKey(context: SandboxContext): string {
  return context.store.key("deliveries");
}

/** An event built and not yet written: what its record (record-event.ts) takes besides its keys. */
export interface PendingEvent {
  event: StripeEvent;
  /** Deliveries to queue: 0 when the endpoint does not take its type, 2 under the duplicate fault. */
  copies: number;
  dueMs: number;
}

/** The event of `type` about `object` as emitEvent records it, for a step that writes it in a script of its own. */
export function pendingEvent(
  context: SandboxContext,
  type: EventType,
  object: StripeEvent["data"]["object"],
  idempotencyKey: string | null = null,
): PendingEvent {
  const { config, clock, ids } = context;
  const sent = config.webhookUrl !== null && (config.enabledEvents?.includes(type) ?? true);
  const event: StripeEvent = {
    id: ids("evt"),
    object: "event",
    api_version: API_VERSION,
    created: unixSeconds(clock),
    data: { object },
    livemode: false,
    pending_webhooks: sent ? 1 : 0,
    request: { id: null, idempotency_key: idempotencyKey },
    type,
  };
  return { event, copies: !sent ? 0 : config.faults.duplicate ? 2 : 1, dueMs: clock.now() + (config.faults.delayMs ?? 0) };
}

/** The record script's keys and arguments for one event. */
export type RecordInput = ReturnType<typeof recordInput>;

export function recordInput(context: SandboxContext, { event, copies, dueMs }: PendingEvent) {
  const { store } = context;
  return {
    keys: { event: store.key("evt", event.id), list: listKey(context, "evt"), seq: store.key("event-seq"), deliveries: deliveriesKey(context) },
    args: { eventId: event.id, json: JSON.stringify(event), listScore: String(-event.created), dueMs: String(dueMs), copies: String(copies) },
  };
}

/** Once an event is recorded: where timers exist, its delivery is sent when due. */
export function afterRecorded(context: SandboxContext, { copies }: PendingEvent): void {
  if (copies > 0) context.scheduler?.schedule(context.config.faults.delayMs ?? 0, () => void deliverDue(context));
}

export async function emitEvent(
  context: SandboxContext,
  type: EventType,
  object: StripeEvent["data"]["object"],
  idempotencyKey: string | null = null,
): Promise<StripeEvent> {
  return recordPending(context, pendingEvent(context, type, object, idempotencyKey));
}

/** Records an event built by pendingEvent, on its own. */
export async function recordPending(context: SandboxContext, pending: PendingEvent): Promise<StripeEvent> {
  // Events due in the same millisecond go out in the order they happened: ties in a sorted set
  // fall back to member order, so each member starts with a zero-padded sequence number
  // ("<seq>~<event id>~<copy>", written by record-event.ts).
  await context.store.kv.run(recordEvent, recordInput(context, pending));
  afterRecorded(context, pending);
  return pending.event;
}

/** A locked update's commit (store.update) that records `pending` with the object's new value and unlock. */
export function commitWithEvent(context: SandboxContext, pending: PendingEvent): Commit {
  return async ({ object, json, lock, token }) => {
    const { keys, args } = recordInput(context, pending);
    await context.store.kv.run(writeUnlockAndRecord, {
      keys: { ...keys, object, lock },
      args: { json, token, eventId: args.eventId, eventJson: args.json, listScore: args.listScore, dueMs: args.dueMs, copies: args.copies },
    });
    afterRecorded(context, pending);
  };
}

export function eventOfMember(member: string): string {
  return member.split("~")[1] ?? "";
}
