// A deadline alarm the save that sets a deadline does not wait for: each message is published as
// work detached from the caller (the composition root runs it once the response is sent), so a
// buyer's checkout answers without a round trip to QStash, and in a demo on a serverless host
// without the QStash emulation's own function starting cold behind it. The alarm itself is
// opened there too, so the QStash client is not even loaded before the answer. The KV index stays the
// truth (docs/architecture-decisions.md, 140): a message that is not published is reported and
// costs its order only the wait for the sweep.
import type { DeadlineAlarm } from "@/lib/checkout/deadline-alarm";

/**
 * `open` gives the alarm that publishes (called for each message; memoise it there). `detach`
 * runs the task later, where nobody awaits it; the task it gets never rejects. `report` is told
 * of a message that was not published.
 */
export function detachedAlarm(open: () => Promise<DeadlineAlarm>, detach: (task: () => Promise<void>) => void, report: (what: string, error: unknown) => void): DeadlineAlarm {
  function later(what: string, publish: (alarm: DeadlineAlarm) => Promise<void>): Promise<void> {
    detach(() => open().then(publish).catch((error: unknown) => report(what, error)));
    return Promise.resolve();
  }
  return {
    order: (orderId, at) => later(`deadline of order ${orderId}`, (alarm) => alarm.order(orderId, at)),
    email: (orderId, at) => later(`email deadline of order ${orderId}`, (alarm) => alarm.email(orderId, at)),
  };
}
