// The admin's order list: newest first, filtered and searched through the order indexes
// (lib/checkout/store/order-index.ts), one page at a time on the server.
//
// The filters each name a sorted set scored by the negated creation time. The smallest set is
// walked in score order; for each chunk of it, the other sets are read over the same score
// window and intersected by member — so a page costs about what its window holds in each set,
// not the whole store. A search narrows to the buyer's email index (by its hash) or to the one
// order an id names; the few records found are then checked against the filters.
import type { Kv, ZEntry } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { orderIdSchema } from "@/lib/checkout/order-record";
import {
  ORDER_INDEX_KEYS,
  decodeCursor,
  emailHash,
  encodeCursor,
  listScore,
  readIndexPage,
  type IndexCursor,
  type OrderIndexError,
} from "@/lib/checkout/store/order-index";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { err, ok, type Result } from "@/lib/result";
import { createdRange, type OrderListQuery } from "./order-list-query";
import { readOrderRows, type OrderRow } from "./order-row";

export interface OrderListPage {
  rows: OrderRow[];
  /** Cursor of the next (older) page, or null on the last. */
  next: string | null;
}

/** Base-index entries read per step: enough for a page of matches from a set that is not too sparse. */
const CHUNK = 200;

export async function listOrders(kv: Kv, query: OrderListQuery): Promise<Result<OrderListPage, OrderIndexError>> {
  const after = query.after === undefined ? ok(null) : decodeCursor(query.after);
  if (!after.ok) return after;
  try {
    const ids = await matchingIds(kv, query, after.value);
    const rows = await readOrderRows(kv, ids.page.map((e) => e.member));
    const last = ids.page.at(-1);
    return ok({ rows, next: ids.more && last ? encodeCursor(last) : null });
  } catch (error) {
    if (error instanceof KvError) return err({ code: "kv_error", error });
    throw error;
  }
}

/** The sets a query's filters name; the email search adds the buyer's. */
function filterKeys(query: OrderListQuery, emailSearch: string | null): string[] {
  const keys: string[] = [];
  if (query.state) keys.push(ORDER_INDEX_KEYS.state(query.state));
  if (query.product !== undefined) keys.push(ORDER_INDEX_KEYS.product(query.product));
  if (query.flow) keys.push(ORDER_INDEX_KEYS.flow(query.flow));
  if (query.mode) keys.push(ORDER_INDEX_KEYS.mode(query.mode === "test"));
  if (emailSearch !== null) keys.push(ORDER_INDEX_KEYS.email(emailHash(emailSearch)));
  return keys;
}

async function matchingIds(kv: Kv, query: OrderListQuery, after: IndexCursor | null): Promise<{ page: ZEntry[]; more: boolean }> {
  const q = query.q ?? null;
  const isEmail = q !== null && q.includes("@");
  if (q !== null && !isEmail) return byId(kv, query, q, after);

  const range = createdRange(query);
  // Newest first: the list scores are −createdAt, so the date range flips.
  const min = range.to === undefined ? undefined : listScore(range.to);
  const max = range.from === undefined ? undefined : listScore(range.from);
  const keys = filterKeys(query, isEmail ? q : null);
  if (keys.length === 0) keys.push(ORDER_INDEX_KEYS.newest);
  const sizes = await Promise.all(keys.map((key) => kv.zCard(key)));
  const order = keys.map((key, i) => ({ key, size: sizes[i] ?? 0 })).sort((a, b) => a.size - b.size);
  const [base, ...others] = order.map((o) => o.key) as [string, ...string[]];
  if ((order[0]?.size ?? 0) === 0) return { page: [], more: false };

  const page: ZEntry[] = [];
  let cursor = after;
  for (;;) {
    const chunk = await readIndexPage(kv, base, { min, max, after: cursor, limit: CHUNK });
    const first = chunk.entries[0];
    const last = chunk.entries.at(-1);
    if (!first || !last) return { page, more: false };
    const kept = await intersect(kv, chunk.entries, others, first.score, last.score);
    for (const entry of kept) {
      if (page.length === query.size) return { page, more: true };
      page.push(entry);
    }
    if (!chunk.more) return { page, more: false };
    cursor = last;
  }
}

async function intersect(kv: Kv, entries: ZEntry[], others: string[], min: number, max: number): Promise<ZEntry[]> {
  if (others.length === 0) return entries;
  const windows = await Promise.all(others.map((key) => kv.zRangeByScore(key, { min, max })));
  const sets = windows.map((window) => new Set(window.map((e) => e.member)));
  return entries.filter((entry) => sets.every((set) => set.has(entry.member)));
}

/** A search for one id: ours, or one upstream or the payment provider gave the order. */
async function byId(kv: Kv, query: OrderListQuery, q: string, after: IndexCursor | null): Promise<{ page: ZEntry[]; more: boolean }> {
  if (after !== null) return { page: [], more: false }; // one order at most: there is no second page
  const ours = orderIdSchema.safeParse(q.toUpperCase());
  const orderId = ours.success && (await kv.get(ORDER_KEYS.order(ours.data))) !== null ? ours.data : await kv.get(ORDER_INDEX_KEYS.ref(q));
  if (orderId === null) return { page: [], more: false };
  const [row] = await readOrderRows(kv, [orderId]);
  if (!row || !matchesFilters(row, query)) return { page: [], more: false };
  return { page: [{ member: orderId, score: row.unreadable ? 0 : listScore(row.createdAt) }], more: false };
}

function matchesFilters(row: OrderRow, query: OrderListQuery): boolean {
  if (row.unreadable) return true; // shown, so someone looks at it
  const range = createdRange(query);
  if (range.from !== undefined && row.createdAt < range.from) return false;
  if (range.to !== undefined && row.createdAt > range.to) return false;
  if (query.state && row.state !== query.state) return false;
  if (query.product !== undefined && row.gameId !== query.product) return false;
  if (query.flow && row.flow !== query.flow) return false;
  if (query.mode && row.test !== (query.mode === "test")) return false;
  return true;
}
