// Each time the buyer's page shows the code, noted on the order: the log a dispute's evidence
// needs (dispute-evidence.ts), and what tells an early fraud warning whether a refund still
// saves the code (bank-events.ts). At most one note a minute and the first MAX_CODE_VIEWS, so
// a page left open cannot grow the record; a lost note (a conflict, KV trouble) is only a note.
import { MAX_CODE_VIEWS } from "./fraud-facts";
import type { OrderRecord } from "./order-record";
import type { OrderStore } from "./store/order-store";

const MIN_GAP_MS = 60_000;

export async function noteCodeView(store: OrderStore, order: OrderRecord, now: number): Promise<void> {
  const views = order.codeViews ?? [];
  const last = views.at(-1);
  if (views.length >= MAX_CODE_VIEWS || (last !== undefined && now - last < MIN_GAP_MS)) return;
  try {
    const read = await store.read(order.id);
    if (!read.ok) return;
    const current = read.value.record.codeViews ?? [];
    if (current.length >= MAX_CODE_VIEWS) return;
    await store.save(read.value, { note: { kind: "codeShown" }, patch: { codeViews: [...current, now] } });
  } catch (error) {
    console.warn(`[checkout] code view of ${order.id} not noted: ${String(error)}`);
  }
}
