// The ext_order_id an order's current upstream order goes by: our order id, unless a held
// order's reservation ran out during review and it was reserved again under a new one
// (steps/screen.ts); upstream answers a used ext_order_id with its old order, never a new one.
import type { OrderRecord } from "./order-record";

export function extOrderId(order: OrderRecord): string {
  return order.upstream.extOrderId ?? order.id;
}

/** The next ext_order_id for a new reservation of the same order: R1, R2, … after our id. */
export function nextExtOrderId(order: OrderRecord): string {
  const current = order.upstream.extOrderId;
  const tries = current ? Number(current.slice(order.id.length + 1)) : 0;
  return `${order.id}R${tries + 1}`;
}
