// An order store that tells a listener of every move it saves, beside the save rather than after
// it, so the run waits for no extra round: with the order as the move leaves it (its patch
// applied) and as it was, even if another writer's save wins, as advance tells its own
// listeners. A listener must count an order once however often it is told; its failure changes
// nothing.
import type { OrderRecord } from "../order-record";
import type { OrderStore } from "./order-store";

export type MoveListener = (moved: OrderRecord, from: OrderRecord) => Promise<unknown>;

export function tellingMoves(store: OrderStore, onMove: MoveListener): OrderStore {
  return {
    ...store,
    async save(current, change, letGo) {
      const from = current.record;
      const told =
        change.to !== undefined &&
        onMove({ ...from, ...change.patch, state: change.to }, from).catch((error: unknown) => console.warn(`[checkout] move of ${from.id} not told: ${String(error)}`));
      const [saved] = await Promise.all([store.save(current, change, letGo), told]);
      return saved;
    },
  };
}
