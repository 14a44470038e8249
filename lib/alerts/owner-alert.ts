// The checkout's alertOwner(orderId, detail) as an alert: one alert per order that needs the
// owner, one per order the sweep could not advance, and one per order upstream surprised (a
// delivery for an order we hold as failed), each linking to the order's admin page. The detail
// comes in English for the email and webhook, and in words for the admin to say in its reader's
// language; the checkout owns those words (lib/checkout/alert-notes.ts), so they arrive made.
import type { AlertDetailWords, AlertInput } from "./alert-record";

export type OwnerAlertSource = "sweep" | "surprise";

const TITLES: Record<OwnerAlertSource | "order", (orderId: string) => string> = {
  order: (orderId) => `Order ${orderId} needs the owner`,
  sweep: (orderId) => `The sweep cannot advance order ${orderId}`,
  surprise: (orderId) => `Upstream did something order ${orderId} did not expect`,
};

export interface OwnerAlertDetail {
  text: string;
  words: AlertDetailWords;
}

export function ownerAlert(orderId: string, detail: OwnerAlertDetail, source?: OwnerAlertSource): AlertInput {
  const kind = source ?? "order";
  return {
    cause: `${kind}:${orderId}`,
    title: TITLES[kind](orderId),
    detail: detail.text,
    words: { kind, values: { orderId }, detail: detail.words },
    orderId,
    link: `/admin/orders/${encodeURIComponent(orderId)}`,
  };
}
