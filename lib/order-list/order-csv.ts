// The filtered order list as CSV, streamed a page at a time through csv-stringify, so an export
// of tens of thousands of orders never sits in memory whole. Every cell is text we neutralise
// (csv-cell.ts); dates are ISO 8601 in UTC and amounts decimal strings in their currency.
import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import type { Kv } from "@/lib/kv/kv";
import { toDecimalString } from "@/lib/money";
import { err, ok, type Result } from "@/lib/result";
import type { OrderIndexError } from "@/lib/checkout/store/order-index";
import { neutraliseCell } from "./csv-cell";
import { listOrders } from "./list-orders";
import type { OrderListFilters } from "./order-list-query";
import type { OrderRow } from "./order-row";

export const ORDER_CSV_COLUMNS = [
  "order_id",
  "created_at",
  "state",
  "flow",
  "mode",
  "product_id",
  "product",
  "email",
  "price",
  "currency",
  "upstream_order_id",
  "checkout_session_id",
  "payment_intent_id",
  "reason",
  "alert",
] as const;

const PAGE = 100;

export function csvRecord(row: OrderRow): string[] {
  if (row.unreadable) return [row.id, "", "unreadable", "", "", "", "", "", "", "", "", "", "", row.message, ""].map(neutraliseCell);
  const cells = [
    row.id,
    new Date(row.createdAt).toISOString(),
    row.state,
    row.flow,
    row.test ? "test" : "live",
    String(row.gameId),
    row.product,
    row.email,
    toDecimalString(row.price),
    row.price.currency,
    row.upstreamOrderId ?? "",
    row.sessionId ?? "",
    row.paymentIntentId ?? "",
    row.reason ?? "",
    row.alert ?? "",
  ];
  return cells.map(neutraliseCell);
}

/**
 * The export as a byte stream. The first page is read before answering, so a KV failure at the
 * start is an error the route can answer properly; one later cuts the file short (the client
 * sees a failed download, never a silently partial one presented as whole).
 */
export async function orderCsvStream(kv: Kv, filters: OrderListFilters): Promise<Result<ReadableStream<Uint8Array>, OrderIndexError>> {
  const first = await listOrders(kv, { ...filters, size: PAGE });
  if (!first.ok) return err(first.error);
  const firstPage = first.value;
  async function* records(): AsyncGenerator<string[]> {
    let page = firstPage;
    for (;;) {
      for (const row of page.rows) yield csvRecord(row);
      if (page.next === null) return;
      const next = await listOrders(kv, { ...filters, size: PAGE, after: page.next });
      if (!next.ok) throw new Error(`order export stopped: ${next.error.code}`);
      page = next.value;
    }
  }
  const csv = stringify({ header: true, columns: [...ORDER_CSV_COLUMNS] });
  // pipeline, not pipe: a failed page read destroys the CSV stream too, so the download fails.
  pipeline(Readable.from(records()), csv, () => undefined);
  return ok(Readable.toWeb(csv) as ReadableStream<Uint8Array>);
}
