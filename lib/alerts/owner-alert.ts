// The checkout's alertOwner(orderId, message) as an alert: one alert per order that needs the
// owner, one per order the sweep could not advance, and one per order upstream surprised (a
// delivery for an order we hold as failed), each linking to the order's admin page.
import type { AlertInput } from "./alert-record";

export type OwnerAlertSource = "sweep" | "surprise";

const TITLES: Record<OwnerAlertSource | "order", (orderId: string) => string> = {
  order: (orderId) => `Order ${orderId} needs the owner`,
  sweep: (orderId) => `The sweep cannot advance order ${orderId}`,
  surprise: (orderId) => `Upstream did something order ${orderId} did not expect`,
};

export function ownerAlert(orderId: string, message: string, source?: OwnerAlertSource): AlertInput {
  const kind = source ?? "order";
  return {
    cause: `${kind}:${orderId}`,
    title: TITLES[kind](orderId),
    detail: message,
    words: { kind, values: { orderId } },
    orderId,
    link: `/admin/orders/${encodeURIComponent(orderId)}`,
  };
}
