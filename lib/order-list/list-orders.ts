// The admin's order list: newest first, filtered and searched through the order indexes
// (lib/checkout/store/order-index.ts), one page at a time on the server.
//
// Each filter names a sorted set scored by the negated creation time. The smallest set is
// walked in score order, a chunk at a time. A filter whose set is not much larger is applied by
// reading that set over the chunk's score window and keeping the members in both; one whose set
// is far larger (the buyer's five orders against every completed one) is cheaper to check on
// the few records read anyway for the page. A search narrows to the buyer's email index (by its
// hash) or to the one order an id names.
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
import { readOrderText } from "@/lib/checkout/store/order-store";
import { err, ok, type Result } from "@/lib/result";
import { normalizeEmail } from "@/lib/text/normalize-email";
import { createdRange, type OrderListQuery } from "./order-list-query";
import { readOrderRows, type OrderRow } from "./order-row";

export interface OrderListPage {
  rows: OrderRow[];
  /** Cursor of the next (older) page, or null on the last. */
  next: string | null;
}

/** Base-index entries read per step. */
const CHUNK = 200;
/** A set this many times the base's size is checked on the records rather than read over a window. */
const WINDOW_RATIO = 8;

interface Filter {
  key: string;
  matches: (row: Extract<OrderRow, { unreadable: false }>) => boolean;
}

export async function listOrders(kv: Kv, query: OrderListQuery): Promise<Result<OrderListPage, OrderIndexError>> {
  const after = query.after === undefined ? ok(null) : decodeCursor(query.after);
  if (!after.ok) return after;
  try {
    const q = query.q ?? null;
    if (q !== null && !q.includes("@")) return ok(await byId(kv, query, q, after.value));
    return ok(await byIndexes(kv, query, filtersOf(query, q), after.value));
  } catch (error) {
    if (error instanceof KvError) return err({ code: "kv_error", error });
    throw error;
  }
}

/** The query's filters as sets, the email search included; the date range is a score range. */
function filtersOf(query: OrderListQuery, email: string | null): Filter[] {
  const filters: Filter[] = [];
  const { state, product, flow, mode } = query;
  if (state) filters.push({ key: ORDER_INDEX_KEYS.state(state), matches: (row) => row.state === state });
  if (product !== undefined) filters.push({ key: ORDER_INDEX_KEYS.product(product), matches: (row) => row.gameId === product });
  if (flow) filters.push({ key: ORDER_INDEX_KEYS.flow(flow), matches: (row) => row.flow === flow });
  if (mode) filters.push({ key: ORDER_INDEX_KEYS.mode(mode === "test"), matches: (row) => row.test === (mode === "test") });
  if (email !== null) {
    const wanted = normalizeEmail(email);
    filters.push({ key: ORDER_INDEX_KEYS.email(emailHash(email)), matches: (row) => normalizeEmail(row.email) === wanted });
  }
  if (filters.length === 0) filters.push({ key: ORDER_INDEX_KEYS.newest, matches: () => true });
  return filters;
}

async function byIndexes(kv: Kv, query: OrderListQuery, filters: Filter[], after: IndexCursor | null): Promise<OrderListPage> {
  const range = createdRange(query);
  // Newest first: the list scores are −createdAt, so the date range flips.
  const min = range.to === undefined ? undefined : listScore(range.to);
  const max = range.from === undefined ? undefined : listScore(range.from);
  const sizes = await Promise.all(filters.map((filter) => kv.zCard(filter.key)));
  const sized = filters.map((filter, i) => ({ filter, size: sizes[i] ?? 0 })).sort((a, b) => a.size - b.size);
  const [base, ...others] = sized;
  if (!base || base.size === 0) return { rows: [], next: null };
  const windowed = others.filter((o) => o.size <= base.size * WINDOW_RATIO).map((o) => o.filter.key);
  const onRecords = others.filter((o) => o.size > base.size * WINDOW_RATIO).map((o) => o.filter.matches);

  const rows: OrderRow[] = [];
  let last: ZEntry | null = null;
  let cursor = after;
  for (;;) {
    const chunk = await readIndexPage(kv, base.filter.key, { min, max, after: cursor, limit: CHUNK });
    const first = chunk.entries[0];
    const end = chunk.entries.at(-1);
    if (!first || !end) return { rows, next: null };
    const kept = await intersect(kv, chunk.entries, windowed, first.score, end.score);
    // Read only what can still fill the page, plus one to learn whether another page follows.
    for (let i = 0; i < kept.length; ) {
      const take = kept.slice(i, i + (query.size + 1 - rows.length));
      i += take.length;
      const read = await readOrderRows(kv, take.map((e) => e.member));
      const byId = new Map(read.map((row) => [row.id, row]));
      for (const entry of take) {
        const row = byId.get(entry.member);
        if (!row || (!row.unreadable && !onRecords.every((matches) => matches(row)))) continue;
        if (rows.length === query.size) return { rows, next: last ? encodeCursor(last) : null };
        rows.push(row);
        last = entry;
      }
    }
    if (!chunk.more) return { rows, next: null };
    cursor = end;
  }
}

async function intersect(kv: Kv, entries: ZEntry[], others: string[], min: number, max: number): Promise<ZEntry[]> {
  if (others.length === 0) return entries;
  const windows = await Promise.all(others.map((key) => kv.zRangeByScore(key, { min, max })));
  const sets = windows.map((window) => new Set(window.map((e) => e.member)));
  return entries.filter((entry) => sets.every((set) => set.has(entry.member)));
}

/** A search for one id: ours, or one upstream or the payment provider gave the order. */
async function byId(kv: Kv, query: OrderListQuery, q: string, after: IndexCursor | null): Promise<OrderListPage> {
  if (after !== null) return { rows: [], next: null }; // one order at most: there is no second page
  const ours = orderIdSchema.safeParse(q.toUpperCase());
  const orderId = ours.success && (await readOrderText(kv, ours.data)) !== null ? ours.data : await kv.get(ORDER_INDEX_KEYS.ref(q));
  if (orderId === null) return { rows: [], next: null };
  const rows = await readOrderRows(kv, [orderId]);
  return { rows: rows.filter((row) => row.unreadable || matchesAll(row, query)), next: null };
}

function matchesAll(row: Extract<OrderRow, { unreadable: false }>, query: OrderListQuery): boolean {
  const range = createdRange(query);
  if (range.from !== undefined && row.createdAt < range.from) return false;
  if (range.to !== undefined && row.createdAt > range.to) return false;
  return filtersOf(query, null).every((filter) => filter.matches(row));
}
