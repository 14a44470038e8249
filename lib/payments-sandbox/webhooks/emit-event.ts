// Records an event (retrievable at /v1/events/:id) and queues its deliveries in KV: deadlines
// live in a sorted set rather than in timers, because a serverless instance has no timers.
import Stripe from "stripe";
import type { SandboxContext } from "../context";
import { unixSeconds } from "../clock-ids";
import { listKey } from "../objects/list-index";
import type { EventType, StripeEvent } from "../objects/records";
import { deliverDue } from "./deliver-due";
import { recordEvent } from "./record-event";

/** The version the installed stripe package pins, so its types describe the events exactly. */
export const API_VERSION: string = Stripe.API_VERSION;

export function deliveriesKey(context: SandboxContext): string {
  return context.store.key("deliveries");
}

export async function emitEvent(
  context: SandboxContext,
  type: EventType,
  object: StripeEvent["data"]["object"],
  idempotencyKey: string | null = null,
): Promise<StripeEvent> {
  const { store, config, clock, ids } = context;
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
  const delayMs = config.faults.delayMs ?? 0;
  // Events due in the same millisecond go out in the order they happened: ties in a sorted set
  // fall back to member order, so each member starts with a zero-padded sequence number
  // ("<seq>~<event id>~<copy>", written by record-event.ts).
  await store.kv.run(recordEvent, {
    keys: { event: store.key("evt", event.id), list: listKey(context, "evt"), seq: store.key("event-seq"), deliveries: deliveriesKey(context) },
    args: { eventId: event.id, json: JSON.stringify(event), listScore: -event.created, dueMs: clock.now() + delayMs, copies: !sent ? 0 : config.faults.duplicate ? 2 : 1 },
  });
  if (sent) context.scheduler?.schedule(delayMs, () => void deliverDue(context));
  return event;
}

export function eventOfMember(member: string): string {
  return member.split("~")[1] ?? "";
}
