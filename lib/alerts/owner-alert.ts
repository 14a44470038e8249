// The checkout's alertOwner(orderId, message) as an alert: one alert per order that needs the
// owner, and one per order the sweep could not advance, each linking to the order's admin page.
import type { AlertInput } from "./alert-record";

export function ownerAlert(orderId: string, message: string, source?: "sweep"): AlertInput {
  const sweep = source === "sweep";
  return {
    cause: `${sweep ? "sweep" : "order"}:${orderId}`,
    title: sweep ? `The sweep cannot advance order ${orderId}` : `Order ${orderId} needs the owner`,
    detail: message,
    orderId,
    link: `/admin/orders/${encodeURIComponent(orderId)}`,
  };
}
