// The order page's push: one held read after another (GET /api/orders/{id}, Prefer: wait), so
// a change reaches the page as soon as the server sees it in KV instead of at the next poll.
// Where push is unavailable — a server or proxy that answers at once instead of holding, or
// holds that keep failing (a proxy's idle timeout) — it gives up and the page polls as before.
import type { PublicOrder } from "@/lib/checkout/public-order";
import { OrderFetchError, type HeldAnswer } from "./fetch-order";

/** What the server allows (MAX_WAIT_S in lib/checkout/http/get-order.ts). */
export const WAIT_S = 25;
/** Holds in a row that may fail before the page falls back to polling. */
const MAX_FAILURES = 2;
/** A page left open for hours ends its push and polls (one request per poll interval). */
const MAX_HOLDS = 720;
/** After a failed hold, so a broken path is not hammered. */
const PAUSE_MS = 1000;

export interface FollowDeps {
  hold(version: string, waitS: number, signal: AbortSignal): Promise<HeldAnswer>;
  pause(ms: number): Promise<void>;
}

/** Why pushing ended: the order is final, push is unavailable (poll instead), or the page left. */
export type FollowEnd = "final" | "unavailable" | "stopped";

export async function followOrder(version: string, deps: FollowDeps, onOrder: (order: PublicOrder) => void, signal: AbortSignal): Promise<FollowEnd> {
  let current = version;
  let failures = 0;
  for (let hold = 0; hold < MAX_HOLDS; hold += 1) {
    if (signal.aborted) return "stopped";
    try {
      const answer = await deps.hold(current, WAIT_S, signal);
      failures = 0;
      current = answer.version;
      if (answer.order) {
        onOrder(answer.order);
        if (answer.order.final) return "final";
      }
      if (!answer.held) return "unavailable";
    } catch (error) {
      if (signal.aborted) return "stopped";
      // A refusal (404: wrong key, the order gone) is the poll's to show, not ours to repeat.
      if (error instanceof OrderFetchError && error.status < 500) return "unavailable";
      failures += 1;
      if (failures >= MAX_FAILURES) return "unavailable";
      await deps.pause(PAUSE_MS);
    }
  }
  return "unavailable";
}
