// What one step of `advance` decides: a change to store (a move, or facts and a new deadline),
// or nothing to do until something outside happens.
import type { OrderRecord } from "../order-record";
import { isSettled, type OrderState } from "../order-states";
import type { CheckoutDeps } from "../ports";
import type { OrderChange } from "../store/order-store";

export type Step = { kind: "change"; change: OrderChange } | { kind: "idle" };

export type StepHandler = (order: OrderRecord, deps: CheckoutDeps) => Promise<Step>;

/** Move on now: the next loop of `advance` acts on the new state at once; a final state waits for nothing. */
export function moveTo(
  deps: CheckoutDeps,
  to: OrderState,
  note: string,
  patch: OrderChange["patch"] = {},
): Step {
  const nextCheckAt = isSettled(to) ? null : deps.clock.now();
  return { kind: "change", change: { to, note, patch: { attempts: 0, nextCheckAt, ...patch } } };
}

/** Stay, and look again after a backoff that grows with each try (or at `at`, if sooner). */
export function retryLater(order: OrderRecord, deps: CheckoutDeps, note: string, patch: OrderChange["patch"] = {}, at?: number): Step {
  const { retryBaseMs, retryMaxMs } = deps.policy;
  const backoff = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(order.attempts, 20));
  const next = deps.clock.now() + backoff;
  return {
    kind: "change",
    change: { note, patch: { attempts: order.attempts + 1, nextCheckAt: at === undefined ? next : Math.min(next, at), ...patch } },
  };
}

/** Record facts and wait for an outside event (a webhook), with `at` as the sweep's fallback. */
export function waitUntil(deps: CheckoutDeps, at: number, note: string, patch: OrderChange["patch"] = {}): Step {
  return { kind: "change", change: { note, patch: { nextCheckAt: Math.max(at, deps.clock.now()), ...patch } } };
}
