// One-off: the admin's indexes for orders stored by a release before them (npm run
// orders:backfill). Orders written since are indexed by the scripts that write them; this adds
// the older ones, each in one script that checks the order is still the text just read. Safe to
// run again, and while the shop takes orders.
import type { Kv } from "@/lib/kv/kv";
import { indexOrderScript } from "./index-order-script";
import { ORDER_INDEX_KEYS, listScore } from "./order-index";
import { ORDER_KEYS, listIndexes, readFailure, readOrder, refIndexes } from "./order-store";

export interface BackfillReport {
  indexed: number;
  /** Gone between listing and reading (nothing to index). */
  missing: number;
  /** Not an order this release can read: listed by id for a person to look at. */
  unreadable: string[];
}

/** A save that keeps landing between our read and our script is retried this many times. */
const TRIES = 5;

export async function backfillOrderIndexes(kv: Kv, orderIds: Iterable<string>): Promise<BackfillReport> {
  const report: BackfillReport = { indexed: 0, missing: 0, unreadable: [] };
  for (const orderId of orderIds) {
    for (let attempt = 1; ; attempt++) {
      const read = await readOrder(kv, orderId);
      if (!read.ok && read.error.code === "not_found") {
        report.missing += 1;
        break;
      }
      if (!read.ok && read.error.code === "unreadable") {
        report.unreadable.push(orderId);
        break;
      }
      // KV trouble stops the backfill, to be run again: it is a script a person watches.
      if (!read.ok) throw readFailure(read.error);
      const { record, text } = read.value;
      const refs = refIndexes(record);
      const reply = await kv.run(indexOrderScript, {
        keys: { order: ORDER_KEYS.order(orderId), ...listIndexes(record), state: ORDER_INDEX_KEYS.state(record.state), ...refs.keys },
        args: { expected: text, member: orderId, createdAt: record.createdAt, listScore: listScore(record.createdAt), ...refs.args },
      });
      if (reply === "indexed") report.indexed += 1;
      if (reply === "missing") report.missing += 1;
      if (reply !== "changed") break;
      if (attempt === TRIES) throw new Error(`order ${orderId} kept changing while being indexed; run the backfill again`);
    }
  }
  return report;
}
