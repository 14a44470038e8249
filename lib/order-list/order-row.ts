// One line of the order list and of its CSV export: what the owner scans for, read from the
// stored record. A record this release cannot read is still a row (marked), so it is seen.
import type { Kv } from "@/lib/kv/kv";
import { parseJsonValue } from "@/lib/kv/json";
import { KvError } from "@/lib/kv/kv-error";
import type { Money } from "@/lib/money";
import { orderRecordSchema, type OrderRecord } from "@/lib/checkout/order-record";
import type { OrderState } from "@/lib/checkout/order-states";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";

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
  const texts = await Promise.all(ids.map((id) => kv.get(ORDER_KEYS.order(id))));
  const rows: OrderRow[] = [];
  ids.forEach((id, i) => {
    const text = texts[i];
    if (text === null || text === undefined) return;
    try {
      rows.push(toRow(parseJsonValue(text, ORDER_KEYS.order(id), orderRecordSchema)));
    } catch (error) {
      if (!(error instanceof KvError)) throw error;
      rows.push({ unreadable: true, id, message: error.message });
    }
  });
  return rows;
}
