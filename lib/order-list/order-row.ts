// One line of the order list and of its CSV export: what the owner scans for, read from the
// stored record. A record this release cannot read is still a row (marked), so it is seen.
import type { Kv } from "@/lib/kv/kv";
import type { Money } from "@/lib/money";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { OrderState } from "@/lib/checkout/order-states";
import { readFailure, readOrders } from "@/lib/checkout/store/order-store";

export type OrderRow =
  | {
      unreadable: false;
      id: string;
      createdAt: number;
      state: OrderState;
      flow: OrderRecord["flow"];
      test: boolean;
      gameId: number;
      product: string;
      email: string;
      price: Money;
      upstreamOrderId: string | null;
      sessionId: string | null;
      paymentIntentId: string | null;
      reason: OrderRecord["reason"];
      alert: string | null;
    }
  | { unreadable: true; id: string; message: string };

export function toRow(record: OrderRecord): OrderRow {
  const item = record.item;
  const product = item.kind === "voucher" && item.gameName && !item.name.includes(item.gameName) ? `${item.gameName} – ${item.name}` : item.name;
  return {
    unreadable: false,
    id: record.id,
    createdAt: record.createdAt,
    state: record.state,
    flow: record.flow,
    test: record.test,
    gameId: item.gameId,
    product,
    email: record.email,
    price: record.quote.price,
    upstreamOrderId: record.upstream.orderId,
    sessionId: record.payment.sessionId,
    paymentIntentId: record.payment.paymentIntentId,
    reason: record.reason,
    alert: record.alert,
  };
}

/** The rows for `ids`, in that order; an id whose record is gone (deleted by hand) is left out. */
export async function readOrderRows(kv: Kv, ids: string[]): Promise<OrderRow[]> {
  const read = await readOrders(kv, ids);
  return read.flatMap((order): OrderRow[] => {
    if (order.ok) return [toRow(order.value.record)];
    if (order.error.code === "not_found") return [];
    if (order.error.code === "unreadable") return [{ unreadable: true, id: order.error.orderId, message: order.error.message }];
    // KV trouble fails the list, as its other reads do (listOrders).
    throw readFailure(order.error);
  });
}
