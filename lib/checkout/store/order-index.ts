// The order indexes the admin's list, search and reconciliation read. Every one is written in
// the same script as the order record itself (create-order-script.ts, save-order-script.ts), so
// no crash between two calls can leave an order unlisted or listed under a state it has left.
//
// `created` is scored by creation time (oldest first, for a period's reconciliation). The list
// indexes are scored by the negated creation time, so that ZRANGEBYSCORE — the one range read
// every driver has — walks them newest first with a score cursor that new orders cannot shift.
import { createHash } from "node:crypto";
import type { Kv, ZEntry } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { err, ok, type Result } from "@/lib/result";
import { normalizeEmail } from "@/lib/text/normalize-email";
import type { OrderRecord } from "../order-record";
import type { OrderState } from "../order-states";

export const ORDER_INDEX_KEYS = {
  /** Every order: id → createdAt ms. */
  created: "orders:created",
  /** Every order: id → −createdAt ms (newest first). */
  newest: "orders:newest",
  /** Orders now in `state`: id → −createdAt. A save moves the id from the old state's set to the new. */
  state: (state: OrderState) => `orders:state:${state}`,
  /** Orders for one game (the storefront's product): id → −createdAt. */
  product: (gameId: number) => `orders:product:${gameId}`,
  flow: (flow: OrderRecord["flow"]) => `orders:flow:${flow}`,
  mode: (test: boolean) => `orders:mode:${test ? "test" : "live"}`,
  /** A buyer's orders, found through the hash of the address (it is kept in clear only on the order). */
  email: (hash: string) => `orders:email:${hash}`,
  /** An id someone else gave the order (upstream order, Checkout Session, PaymentIntent) → our order id. */
  ref: (externalId: string) => `orders:ref:${externalId}`,
} as const;

/** SHA-256 of the trimmed, lower-cased address: how an email is searched without storing it twice. */
export function emailHash(email: string): string {
  return createHash("sha256").update(normalizeEmail(email)).digest("hex");
}

/** The score of an order in the newest-first list indexes. */
export function listScore(createdAt: number): number {
  return -createdAt;
}

export type OrderIndexError = { code: "kv_error"; error: KvError } | { code: "invalid_cursor"; message: string };

/** Where a page ended: the last entry's score and member (ties in score are ordered by member). */
export interface IndexCursor {
  score: number;
  member: string;
}

export function encodeCursor(cursor: IndexCursor): string {
  return `${cursor.score}~${cursor.member}`;
}

export function decodeCursor(text: string): Result<IndexCursor, OrderIndexError> {
  const match = /^(-?\d{1,16})~([0-9A-HJKMNP-TV-Z]{26})$/.exec(text);
  if (!match) return err({ code: "invalid_cursor", message: `"${text.slice(0, 60)}" is not a page cursor` });
  return ok({ score: Number(match[1]), member: match[2]! });
}

export interface IndexPageOptions {
  min?: number;
  max?: number;
  after?: IndexCursor | null;
  limit: number;
}

/**
 * Entries of one index in score order, strictly after the cursor, at most `limit`, and whether
 * more follow. Entries tied with the cursor's score are skipped up to its member, reading on
 * past them when many orders share one millisecond.
 */
export async function readIndexPage(
  kv: Kv,
  key: string,
  { min, max, after = null, limit }: IndexPageOptions,
): Promise<{ entries: ZEntry[]; more: boolean }> {
  const from = after === null ? min : Math.max(min ?? -Infinity, after.score);
  const entries: ZEntry[] = [];
  const chunk = limit + 1;
  for (let offset = 0; ; ) {
    const batch = await kv.zRangeByScore(key, { min: from, max, offset, limit: chunk });
    for (const entry of batch) {
      if (after !== null && entry.score === after.score && entry.member <= after.member) continue;
      if (entries.length === limit) return { entries, more: true };
      entries.push(entry);
    }
    if (batch.length < chunk) return { entries, more: false };
    offset += batch.length;
  }
}

/**
 * Ids of orders created in [from, to] (ms, both included), oldest first, `limit` at a time
 * (default 500); pass the returned `next` as `after` for the following page.
 */
export async function listOrderIdsCreatedBetween(
  kv: Kv,
  from: number,
  to: number,
  opts: { after?: string; limit?: number } = {},
): Promise<Result<{ ids: string[]; next: string | null }, OrderIndexError>> {
  const after = opts.after === undefined ? ok(null) : decodeCursor(opts.after);
  if (!after.ok) return after;
  try {
    const page = await readIndexPage(kv, ORDER_INDEX_KEYS.created, { min: from, max: to, after: after.value, limit: opts.limit ?? 500 });
    const last = page.entries.at(-1);
    return ok({ ids: page.entries.map((e) => e.member), next: page.more && last ? encodeCursor(last) : null });
  } catch (error) {
    if (error instanceof KvError) return err({ code: "kv_error", error });
    throw error;
  }
}
