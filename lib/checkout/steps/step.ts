// What one step of `advance` decides: a change to store (a move, or facts and a new deadline),
// or nothing to do until something outside happens.
import type { OrderRecord } from "../order-record";
import { isSettled, type OrderState } from "../order-states";
import type { CheckoutDeps } from "../checkout-deps";
import type { OrderChange } from "../store/order-store";
import type { EventNote } from "../event-notes";
import { orderAlert } from "../order-alerts";

export type Step =
  | { kind: "change"; change: OrderChange }
  | { kind: "idle" }
  /**
   * Store `change` first (compare-and-set), then act: `act` runs only once the change is saved,
   * on the order as saved, and its step is saved in turn. A conflict means another run wrote
   * meanwhile: `act` never runs, and the order is read again. This is how a step says what it is
   * about to do outside (send /api/pay) before it does it, so every other run sees it.
   */
  | { kind: "announce"; change: OrderChange; act: (announced: OrderRecord) => Promise<Step> };

export type StepHandler = (order: OrderRecord, deps: CheckoutDeps) => Promise<Step>;

/** Move on now: the next loop of `advance` acts on the new state at once; a final state waits for nothing. */
export function moveTo(
  deps: CheckoutDeps,
  to: OrderState,
  note: EventNote,
  patch: OrderChange["patch"] = {},
): Step {
  const nextCheckAt = isSettled(to) ? null : deps.clock.now();
  return { kind: "change", change: { to, note, patch: { attempts: 0, nextCheckAt, ...patch } } };
}

/**
 * After this many tries of one step without a move, the owner is told (once): a step that
 * keeps failing the same way (a refusal nothing automatic will lift, a key that no longer
 * opens) must reach a person instead of retrying quietly forever. With the default backoff,
 * about twenty minutes after the first try.
 */
export const ALERT_AFTER_TRIES = 8;

/** Stay, and look again after a backoff that grows with each try (or at `at`, if sooner). */
export function retryLater(order: OrderRecord, deps: CheckoutDeps, note: EventNote, patch: OrderChange["patch"] = {}, at?: number): Step {
  const { retryBaseMs, retryMaxMs } = deps.policy;
  const backoff = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(order.attempts, 20));
  const next = deps.clock.now() + backoff;
  const attempts = order.attempts + 1;
  if (attempts === ALERT_AFTER_TRIES) deps.alertOwner(order.id, { kind: "stuck", values: { state: order.state, tries: attempts }, event: note });
  const alert = attempts === ALERT_AFTER_TRIES ? orderAlert({ kind: "stuck", values: { state: order.state }, event: note }) : {};
  return {
    kind: "change",
    change: { note, patch: { attempts, nextCheckAt: at === undefined ? next : Math.min(next, at), ...alert, ...patch } },
  };
}

/**
 * The order is in a state its step cannot act on (a record without the id its state promises,
 * a capability key the current code key does not open). Recorded on the order with a backoff,
 * like any failed try, so one such order never stops the others.
 */
export function cannotAct(order: OrderRecord, deps: CheckoutDeps, problem: EventNote): Step {
  return retryLater(order, deps, problem);
}

/** Record facts and wait for an outside event (a webhook), with `at` as the sweep's fallback. */
export function waitUntil(deps: CheckoutDeps, at: number, note: EventNote, patch: OrderChange["patch"] = {}): Step {
  return { kind: "change", change: { note, patch: { nextCheckAt: Math.max(at, deps.clock.now()), ...patch } } };
}
