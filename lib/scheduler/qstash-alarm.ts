// The checkout's deadline alarm on QStash: one signed, delayed message per deadline to the
// shop's scheduler route, published with a deduplication id per (order, deadline) so a save
// replayed or repeated sends one. QStash delivers it at its time and retries until the route
// answers 2xx, which it does only once the deadline is acted on or recorded.
import type { Client } from "@upstash/qstash";
import type { DeadlineAlarm } from "@/lib/checkout/deadline-alarm";
import { deduplicationId, type DeadlineMessage } from "./deadline-message";

/** Deliveries QStash tries after the first (its backoff: 12 s, 2.5 min, 30 min, 5 h). */
export const DELIVERY_RETRIES = 4;

export interface QstashAlarmDeps {
  client: Pick<Client, "publishJSON">;
  /** The shop's own route for deliveries, absolute (`${origin}/api/scheduler/deadline`). */
  deliveryUrl: string;
}

export function qstashAlarm(deps: QstashAlarmDeps): DeadlineAlarm & { publish(message: DeadlineMessage): Promise<void> } {
  async function publish(message: DeadlineMessage): Promise<void> {
    await deps.client.publishJSON({
      url: deps.deliveryUrl,
      body: message,
      // QStash takes whole seconds: rounded up, so the message never comes before the deadline.
      notBefore: Math.ceil(message.at / 1000),
      deduplicationId: deduplicationId(message),
      retries: DELIVERY_RETRIES,
    });
  }
  return {
    publish,
    order: (orderId, at) => publish({ kind: "order", orderId, at }),
    email: (orderId, at) => publish({ kind: "email", orderId, at }),
  };
}
