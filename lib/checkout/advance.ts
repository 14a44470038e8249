// advance(orderId): drive one order forward from what it knows now, as far as it can go
// without waiting for someone else. Called from the checkout request, both webhooks, the
// buyer's order page and the sweep, often at once. A KV lease keeps two runs from calling out
// together, but nothing depends on it: every write is a compare-and-set on what was read, and
// every external call is idempotent by a key derived from the order. The lease is short and
// renewed while its holder works, so a holder that dies (SIGKILL, a function cut off at its
// time limit) frees the order within one lease, not after the worst case of a call.
// A run never stops with its order due and nobody to act on it: cut short by its time limit
// (run-deadline.ts), its step count or KV trouble, it asks the scheduler (deps.alarm) to go on.
// Nor does a run that dies: holding the lease, it has asked the scheduler for a look once its
// lease can have lapsed (lease-watch.ts), and a delivery that meets a held lease asks for the next.
import type { KvError } from "@/lib/kv/kv-error";
import type { KvLock } from "@/lib/kv/lock";
import { err, ok, type Result } from "@/lib/result";
import type { OrderRecord } from "./order-record";
import type { OrderState } from "./order-states";
import type { CheckoutDeps } from "./checkout-deps";
import { awaitPayment } from "./steps/await-payment";
import { poll } from "./steps/fulfil";
import { openPayment } from "./steps/open-payment";
import { release } from "./steps/release";
import { reserve } from "./steps/reserve";
import { screenThenFulfil } from "./steps/screen";
import { capture, recheckCompleted, refund } from "./steps/settle-payment";
import { retryLater, type Step, type StepHandler } from "./steps/step";
import { roomForStep, type RunDeadline } from "./run-deadline";
import { keepLostAnswer } from "./upstream-surprises";
import { heartbeat, takeLease, wakeAndLease, type Lease, type LeaseDeps } from "./order-lease";
import { watchLease } from "./lease-watch";
import { mergeWakes, pendingWake, takeWake, wakeMatters, type WakeReason } from "./wake-mark";
import type { OrderStoreError, StoredOrder } from "./store/order-store";

// Callers ask these of the order's lease through advance, which takes it.
export { leaseForAdvance, orderLeased } from "./order-lease";

const STEPS: Record<OrderState, StepHandler | null> = {
  created: (order, deps) => (order.flow === "reservation" ? reserve(order, deps) : openPayment(order, deps)),
  reserved: openPayment,
  awaiting_payment: awaitPayment,
  authorized: screenThenFulfil,
  fulfilling: poll,
  delivered: capture,
  completed: recheckCompleted,
  releasing: release,
  refunding: refund,
  failed: null,
  refunded: null,
};

/** States whose step may send /api/pay (reserve, fulfil, poll). */
const MAY_ORDER_UPSTREAM: ReadonlySet<OrderState> = new Set(["created", "authorized", "fulfilling"]);

/** Enough for the longest straight path (created → … → completed) with a few conflicts. */
const MAX_STEPS = 16;

/**
 * How a caller asks for a run, one of four:
 * - poll: act only if the order's next check is due or a wake-up is waiting, so a buyer polling
 *   the order page costs no upstream or payment call while the order waits for its deadline.
 *   `read`: the order as the caller has just read it (the buyer's look, to check the key), judged
 *   instead of a second read that could be no fresher: the wake-up mark is still read after it;
 * - delivery: a poll that is a scheduler's delivery of the order's deadline. Its sender delivers
 *   it again unless it is answered done, so a run of it that dies needs no watch of its own; one
 *   that meets another run's lease asks for a delivery once that lease can have lapsed, since
 *   the holder may be dead (a frozen or killed function) and would otherwise leave the order to
 *   the sweep;
 * - wake: something happened outside (a webhook, a notification, the owner): look now, even
 *   before the next check is due. The reason (wake-mark.ts) lets a run skip a look that cannot
 *   find anything new; `{ kind: "any" }` looks in any case;
 * - continue: the caller holds the order's lease already (startCheckout takes it in the same
 *   round as the order's creation) and gives the order as its creation stored it. The first run
 *   holds that lease instead of taking its own and lets it go, and goes on from the order
 *   without reading it back or looking for a wake-up: no one else knows a new order's id.
 */
export type AdvanceOptions =
  | { kind: "poll"; read?: StoredOrder }
  | { kind: "delivery" }
  | { kind: "wake"; reason: WakeReason }
  | { kind: "continue"; lease: KvLock; created: StoredOrder };

const POLL: AdvanceOptions = { kind: "poll" };

export interface AdvanceDeps extends CheckoutDeps, LeaseDeps {
  /**
   * Told when an order completes (the catalogue and the dashboard count sales): beside the save
   * of the move, with the order as the move leaves it, even if another writer's save wins. It
   * must count an order once however often it is told; its failure changes nothing.
   */
  onCompleted?(order: OrderRecord): Promise<void>;
  /**
   * Told once an order has moved to refunded, by whichever run got it there (the owner's click,
   * a wake-up or the sweep), so the buyer hears of a refund the sweep finished. Its failure
   * changes nothing; the owner's re-drive tells the buyer too.
   */
  onRefunded?(order: OrderRecord): Promise<void>;
  /**
   * Told with the order once the owner's refunds on it are settled (settle-refunds.ts), so the
   * dashboard nets what the buyer got back. It must count each refund once however often it is
   * told; its failure changes nothing (the next settle tells it again).
   */
  onMoneyBack?(order: OrderRecord): Promise<void>;
  /**
   * When this run must have stopped (its function's time limit, set per route by lib/shop):
   * no step starts that could not finish before it, and the order is left due for a fresh run.
   */
  runDeadline?: RunDeadline;
}

/**
 * After KV trouble the next run is asked for this much later, at a boundary of it: every run that
 * fails within one such window asks for the same message (one deduplication id), so a KV outage
 * costs one message per order and window, however many runs meet it.
 */
export const TROUBLE_PAUSE_MS = 30_000;

/** Runs again after a wake-up that came in while this run held the lease, at most this often. */
const MAX_RUNS = 4;

export async function advance(orderId: string, deps: AdvanceDeps, options: AdvanceOptions = POLL): Promise<Result<OrderRecord, OrderStoreError>> {
  if (options.kind === "poll" || options.kind === "delivery") {
    // A poll with nothing due and no wake-up waiting only reads: no lease, no write.
    const idle = await idleOrder(orderId, deps, options.kind === "poll" ? options.read : undefined);
    if (idle) return ok(idle);
  }
  const first = await firstRun(orderId, deps, options);
  // Nobody will act on this wake-up now: its sender must hear a failure and send it again.
  if (first.unrecorded) return err({ code: "kv_error", error: first.unrecorded });
  // The holder's own watch may be gone with it (a delivery's run has none): this delivery is
  // answered done, so it asks for the next one itself.
  if (!first.lease && options.kind === "delivery") {
    await watchLease(orderId, deps);
    return readOrder(orderId, deps);
  }
  const watches: Promise<void>[] = [];
  try {
    return await runs(orderId, deps, first, options.kind === "delivery" ? null : watches);
  } finally {
    // Asked for beside the run's first step rather than before it: a run waits for the publish
    // only when it is the quicker of the two.
    await Promise.all(watches);
  }
}

/**
 * The first run and those a wake-up that came in meanwhile asks for. Each run that holds the
 * lease and takes a step asks for a watch on it (into `watches`; null: the caller is a
 * delivery, sent again if this process dies).
 */
async function runs(orderId: string, deps: AdvanceDeps, first: FirstRun, watches: Promise<void>[] | null): Promise<Result<OrderRecord, OrderStoreError>> {
  let result: Result<OrderRecord, OrderStoreError> | null = null;
  for (let run = 0; run < MAX_RUNS; run += 1) {
    const lease = run === 0 ? first.lease : await takeLease(deps, orderId);
    if (!lease) return result ?? readOrder(orderId, deps);
    const watch = watches && (() => void watches.push(watchLease(orderId, deps)));
    let pending: WakeReason | null = null;
    let ran: DriveRun;
    try {
      ran = await drive(orderId, deps, run === 0 ? first : {}, watch, lease);
      result = ran.result;
    } finally {
      pending = await lease.letGo();
    }
    // Out of time: another run here could not finish either; the next goes in a fresh function.
    if (ran.left === "out_of_time") return askToContinue(orderId, deps, "now", result);
    if (pending === null || (result.ok && !wakeMatters(pending, result.value))) return ran.left ? askToContinue(orderId, deps, ran.left === "trouble" ? "later" : "now", result) : result;
  }
  // Still woken after MAX_RUNS: the mark stays, and the scheduler's run takes it.
  return askToContinue(orderId, deps, "now", result ?? (await readOrder(orderId, deps)));
}

/** Why a run stopped with its order still to be acted on, if it did. */
type Left = "out_of_time" | "out_of_steps" | "trouble" | null;

interface DriveRun {
  result: Result<OrderRecord, OrderStoreError>;
  left: Left;
}

/**
 * Asks the scheduler for a run of this order: at once (a fresh function, with its own time) or,
 * after KV trouble, at the next window's start. Without an alarm (the in-process scheduler reads
 * the due index itself) nothing is needed. The order is due in the index either way, so an
 * alarm that fails costs the wait for the sweep, never the order.
 */
async function askToContinue<T>(orderId: string, deps: AdvanceDeps, when: "now" | "later", result: T): Promise<T> {
  if (!deps.alarm) return result;
  const now = deps.clock.now();
  const at = when === "now" ? now : Math.ceil((now + TROUBLE_PAUSE_MS) / TROUBLE_PAUSE_MS) * TROUBLE_PAUSE_MS;
  await deps.alarm.order(orderId, at).catch((error: unknown) => console.error(`[checkout] order ${orderId}: continuation not scheduled (the sweep will take it): ${String(error)}`));
  return result;
}

async function firstRun(orderId: string, deps: AdvanceDeps, options: AdvanceOptions): Promise<FirstRun> {
  switch (options.kind) {
    case "continue":
      return { lease: heartbeat(options.lease, deps, orderId), created: options.created };
    case "wake":
      return wakeAndLease(deps, orderId, options.reason);
    case "poll":
    case "delivery":
      return { lease: await takeLease(deps, orderId) };
  }
}

/** The order as stored, for a caller whose run could not hold the lease: another run is acting now. */
async function readOrder(orderId: string, deps: AdvanceDeps): Promise<Result<OrderRecord, OrderStoreError>> {
  const read = await deps.store.read(orderId);
  return read.ok ? ok(read.value.record) : read;
}

/** The first run's lease (null: another run holds it), and what it starts from. */
interface FirstRun extends RunStart {
  lease: Lease | null;
  unrecorded?: KvError;
}

/** What a run knows before it reads: the order as its creation stored it, or the wake-up it brings. */
interface RunStart {
  created?: StoredOrder;
  woken?: WakeReason;
}

/** The order, if nothing is due for it and no wake-up is waiting; null when a run should look. */
async function idleOrder(orderId: string, deps: AdvanceDeps, known?: StoredOrder): Promise<OrderRecord | null> {
  // Read together: on Redis or Upstash each read is a round trip the poll waits for.
  const [read, pending] = await Promise.all([known ? ok(known) : deps.store.read(orderId), pendingWake(deps.kv, orderId).catch(() => null)]);
  if (!read.ok) return null;
  const record = read.value.record;
  if (STEPS[record.state] && isDue(record, deps)) return null;
  return pending !== null && wakeMatters(pending, record) ? null : record;
}

function isDue(record: OrderRecord, deps: AdvanceDeps): boolean {
  return record.nextCheckAt !== null && record.nextCheckAt <= deps.clock.now();
}

/** Whether a run stops once this save lands: it waits, or the step after it has nothing to do now (as the loop's next look judges). */
function endsRun(moved: OrderRecord, goOn: boolean, deps: AdvanceDeps): boolean {
  return !goOn || !STEPS[moved.state] || !isDue(moved, deps);
}

/** The waiting mark, taken; unsure (KV trouble) counts as a reason to look. */
async function takeWakeOrLook(deps: AdvanceDeps, orderId: string): Promise<WakeReason | null> {
  return takeWake(deps.kv, orderId).catch((): WakeReason => ({ kind: "any" }));
}

/** Run the order's steps under its lease, as far as they go without waiting for someone else. */
async function drive(orderId: string, deps: AdvanceDeps, start: RunStart, watch: (() => void) | null, lease: Lease): Promise<DriveRun> {
  const result = await driveSteps(orderId, deps, start, watch, lease);
  if ("left" in result) return result;
  return { result, left: !result.ok && result.error.code === "kv_error" ? "trouble" : null };
}

async function driveSteps(orderId: string, deps: AdvanceDeps, { created, woken }: RunStart, watch: (() => void) | null, lease: Lease): Promise<Result<OrderRecord, OrderStoreError> | DriveRun> {
  // The waiting wake-up mark is taken in the same round as the first read: the step asks
  // upstream or the payment provider itself, so which of the two came first is moot.
  const [taken, firstRead]: [WakeReason | null, Result<StoredOrder, OrderStoreError>] = created
    ? [null, ok(created)]
    : await Promise.all([takeWakeOrLook(deps, orderId), deps.store.read(orderId)]);
  let wake = mergeWakes(woken ?? null, taken);
  let known: Result<StoredOrder, OrderStoreError> | null = firstRead;
  let last: OrderRecord | null = null;
  for (let i = 0; i < MAX_STEPS; i += 1) {
    const read: Result<StoredOrder, OrderStoreError> = known ?? (await deps.store.read(orderId));
    known = null;
    if (!read.ok) return read;
    let current: StoredOrder = read.value;
    last = current.record;
    const handler = STEPS[last.state];
    if (!handler || (!isDue(last, deps) && !(wake !== null && wakeMatters(wake, last)))) return ok(last);
    // The safe point: nothing is announced or under way. The run's first step is always taken
    // (a fresh function has its whole limit), so a continued run always gets somewhere.
    if (i > 0 && !roomForStep(deps.runDeadline, deps.clock.now())) return { result: await leaveDue(current, deps), left: "out_of_time" };
    wake = null;
    // A run that finds nothing to do asks for no watch: only one that acts can die mid-way.
    if (i === 0) watch?.();

    const order = last;
    let step = await guardedStep(() => handler(order, deps), order, deps);
    if (step.kind === "announce") {
      // What the step is about to do outside is on the order before it is done; a run that
      // loses this compare-and-set has done nothing, and reads the order again.
      const announced = await deps.store.save(current, step.change);
      if (!announced.ok && announced.error.code !== "conflict") return announced;
      if (!announced.ok) continue;
      const act = step.act;
      current = announced.value;
      last = current.record;
      const sent = current.record;
      step = await guardedStep(() => act(sent), sent, deps);
      // A step announces once, before its one call outside; a second announcement is not acted on.
      if (step.kind === "announce") return ok(last);
    }
    if (step.kind === "idle") return ok(last);
    if (step.change.to === undefined && unchanged(last, step.change.patch)) return ok(last);
    const goOn = step.change.to !== undefined || (step.change.patch?.nextCheckAt ?? Number.POSITIVE_INFINITY) <= deps.clock.now();
    // A completing step has taken the buyer's money whichever save wins: it is counted beside
    // the save (once per order, lib/operations), not after it. (The partner balance's counts
    // follow the order store's moves: lib/shop/balance-counting.ts.)
    const moved = { ...last, ...step.change.patch, state: step.change.to ?? last.state };
    // A save after which the run stops lets go of the lease in its own write: the buyer waits
    // for one round less. It lets go only if it lands; a conflict keeps the lease for the re-read.
    const letGo = endsRun(moved, goOn, deps) ? (lease.toLetGo ?? undefined) : undefined;
    const [saved] = await Promise.all([
      deps.store.save(current, step.change, letGo),
      step.change.to === "completed" && tellCompleted(deps, moved),
    ]);
    // Released by the save only if the lease was there under this run's token; else (it lapsed,
    // or the store keeps its orders in another KV) the run lets go as usual.
    const letGone = saved.ok && saved.value.letGo?.released ? saved.value.letGo : null;
    if (letGone) lease.letGoneBySave(letGone.mark);
    if (!saved.ok && saved.error.code !== "conflict") return saved;
    // Upstream's answer in a step whose save lost must not go unseen (upstream-surprises.ts).
    if (!saved.ok && step.change.patch?.upstream) await keepLostAnswer(deps, last, step.change.patch.upstream);
    if (saved.ok && step.change.to === "refunded") await tell("refund", saved.value.record, (order) => deps.onRefunded?.(order));
    // A conflict means another writer moved the order: read again and decide afresh. A step
    // that must wait ends this run; the sweep or the next wake-up takes it from there.
    if (saved.ok && !goOn) return ok(saved.value.record);
    // Let go: this run can take no further step. Should the order have fallen due during the
    // save (a deadline that close), it is left due now for the run asked for.
    if (saved.ok && letGone) return isDue(saved.value.record, deps) ? { result: ok(saved.value.record), left: "out_of_steps" } : ok(saved.value.record);
    // The next step goes on from what this save wrote, not from a read of it: had anyone
    // written since, the next save's compare-and-set finds out, and a conflict reads again.
    if (saved.ok) known = saved;
  }
  if (last && isDue(last, deps)) return { result: ok(last), left: "out_of_steps" };
  return last ? ok(last) : err({ code: "not_found", orderId });
}

/**
 * A run that stops for its time limit leaves the order due now, for the run it asks for: an
 * order it was woken for (a webhook) before its deadline gets its deadline moved to now, since
 * the wake-up mark was taken with this run's first read.
 */
async function leaveDue(current: StoredOrder, deps: AdvanceDeps): Promise<Result<OrderRecord, OrderStoreError>> {
  if (isDue(current.record, deps)) return ok(current.record);
  const saved = await deps.store.save(current, { note: { kind: "outOfTime" }, patch: { nextCheckAt: deps.clock.now() } });
  // A conflict: another writer moved the order, and its save set the order's next deadline.
  if (!saved.ok) return saved.error.code === "conflict" ? ok(current.record) : saved;
  return ok(saved.value.record);
}

/**
 * A step that throws (a bug, a surprise from a library) is a failed try of that order like any
 * other: recorded on it with a backoff, and the owner told after a few. It never escapes to the
 * caller, where it would stop the sweep for every other order and fail the order's page.
 */
async function guardedStep(step: () => Promise<Step>, order: OrderRecord, deps: AdvanceDeps): Promise<Step> {
  try {
    return await step();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[checkout] step ${order.state} of ${order.id} threw:`, error);
    // How far it got is unknown: a step that may send /api/pay may have made the order, so a
    // later refusal must not be taken as final (fulfil.ts, reserve.ts).
    const patch = MAY_ORDER_UPSTREAM.has(order.state) ? { upstream: { ...order.upstream, payMayExist: true } } : {};
    return retryLater(order, deps, { kind: "stepFailed", values: { message } }, patch);
  }
}

async function tellCompleted(deps: AdvanceDeps, order: OrderRecord): Promise<void> {
  await tell("completion", order, (completed) => deps.onCompleted?.(completed));
}

async function tell(what: string, order: OrderRecord, listener: (order: OrderRecord) => Promise<void> | undefined): Promise<void> {
  try {
    await listener(order);
  } catch (error) {
    console.warn(`[checkout] ${what} of ${order.id} not recorded: ${String(error)}`);
  }
}

/** A wait that changes nothing is not written: a polled order page must not grow the log. */
function unchanged(record: OrderRecord, patch: Partial<OrderRecord> | undefined): boolean {
  if (!patch) return true;
  return Object.entries(patch).every(([key, value]) => JSON.stringify(record[key as keyof OrderRecord]) === JSON.stringify(value));
}
