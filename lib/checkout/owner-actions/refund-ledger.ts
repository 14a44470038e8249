// Sums over an order's owner refunds (order-record.ts): what was captured, what is refunded and
// what is still promised. A fully refunded order counts as everything captured, however it got
// there (the owner's full refund, or upstream's refund through refunding → refunded).
import type { Money } from "@/lib/money";
import type { OrderRecord, OwnerRefund } from "../order-record";

const CAPTURED_STATES = new Set(["completed", "refunding", "refunded"]);

/** What the buyer paid: the session's amount, captured in full once delivered. */
export function captured(order: OrderRecord): Money {
  return { minor: CAPTURED_STATES.has(order.state) ? order.quote.price.minor : 0, currency: order.quote.price.currency };
}

/** What has gone back to the buyer, as far as the order knows. */
export function refunded(order: OrderRecord): Money {
  if (order.state === "refunded") return captured(order);
  return sum(order, (entry) => entry.status === "done");
}

/** Refunded or promised (pending): a new refund may take at most captured minus this. */
export function committed(order: OrderRecord): Money {
  if (order.state === "refunded" || order.state === "refunding") return captured(order);
  return sum(order, (entry) => entry.status !== "failed");
}

export function refundable(order: OrderRecord): Money {
  return { minor: captured(order).minor - committed(order).minor, currency: order.quote.price.currency };
}

export function pendingRefund(order: OrderRecord): OwnerRefund | null {
  return (order.refunds ?? []).find((entry) => entry.status === "pending") ?? null;
}

function sum(order: OrderRecord, counts: (entry: OwnerRefund) => boolean): Money {
  const minor = (order.refunds ?? []).filter(counts).reduce((total, entry) => total + entry.amount.minor, 0);
  return { minor, currency: order.quote.price.currency };
}
