// What upstream says of one of our orders that the order does not expect — a delivery for an
// order we hold as failed, an upstream order id other than the one we recorded — is kept on the
// order and told to the owner, whoever heard it (a pay answer, a notification, a re-read,
// reconciliation) and whatever the order does next. Such a delivery is the partner balance
// spent on an order nobody is paying for: unseen, it is never recovered.
import { err, ok, type Result } from "@/lib/result";
import { MAX_SURPRISES, type OrderRecord, type SurpriseSource, type UpstreamSurprise } from "./order-record";
import type { CheckoutDeps } from "./checkout-deps";
import type { OrderStore, OrderStoreError } from "./store/order-store";
import { surpriseText, surpriseWords, type SurpriseNote } from "./surprise-notes";
import { isDelivered, isInProgress } from "./upstream-facts";

/** One thing upstream said about an order: its id there and its status, either maybe unknown. */
export interface UpstreamFact {
  upstreamOrderId: string | null;
  status: number | null;
}

type SurpriseDeps = Pick<CheckoutDeps, "clock" | "alertOwner">;

/** What in the fact the order does not expect, in words for the owner; null when it fits. */
export function surpriseIn(order: OrderRecord, fact: UpstreamFact): SurpriseNote | null {
  const recorded = order.upstream.orderId;
  if (recorded !== null && fact.upstreamOrderId !== null && fact.upstreamOrderId !== recorded) {
    return { kind: "otherOrder", values: { upstreamOrderId: fact.upstreamOrderId, recorded } };
  }
  const { status } = fact;
  if (status === null || (order.state !== "failed" && order.state !== "refunded")) return null;
  // A shop's own refund leaves upstream's delivery standing: that one is expected.
  const heldDelivered = order.upstream.status !== null && isDelivered(order.upstream.status);
  if (isDelivered(status) && !heldDelivered) return { kind: "deliveredWhileHeld", values: { status, state: order.state } };
  if (isInProgress(status)) return { kind: "fillingWhileHeld", values: { status, state: order.state } };
  return null;
}

/** The surprise as the order keeps it: its English, compared to tell a repeat, and its words. */
function keptSurprise(deps: SurpriseDeps, source: SurpriseSource, fact: UpstreamFact, note: SurpriseNote): UpstreamSurprise {
  return { at: deps.clock.now(), source, ...fact, what: surpriseText(note), words: surpriseWords(note) };
}

/**
 * The order's surprises with this one added, oldest first and only the newest kept; null when
 * the same thing from the same source is kept already (upstream repeats a notification, a
 * reconciliation is run again), so a repeat neither grows the record nor alerts again.
 */
export function withSurprise(order: OrderRecord, surprise: UpstreamSurprise): UpstreamSurprise[] | null {
  const kept = order.surprises ?? [];
  const same = kept.some(
    (old) => old.source === surprise.source && old.upstreamOrderId === surprise.upstreamOrderId && old.status === surprise.status && old.what === surprise.what,
  );
  return same ? null : [...kept, surprise].slice(-MAX_SURPRISES);
}

/**
 * For a step that read an answer: the patch that keeps what in it the order did not expect, and
 * the owner told; empty when everything fits or it is kept already. `what` names a surprise the
 * step itself judged (a delivery for an order whose buyer never paid).
 */
export function notedSurprise(
  order: OrderRecord,
  deps: SurpriseDeps,
  source: SurpriseSource,
  fact: UpstreamFact,
  what = surpriseIn(order, fact),
): Pick<OrderRecord, "surprises"> | Record<string, never> {
  if (what === null) return {};
  const surprises = withSurprise(order, keptSurprise(deps, source, fact, what));
  if (surprises === null) return {};
  alertSurprise(order.id, deps, source, what);
  return { surprises };
}

/** Conflicts in a row before giving up; the caller's source asks again (a notification is retried). */
const MAX_TRIES = 5;

/**
 * Keep a fact heard outside a run of the order (a notification, reconciliation, an answer whose
 * run lost its save) on the order, if the order does not expect it: a compare-and-set of the
 * order as it is now, judged afresh after a conflict. The surprise's words, or null when the
 * order expects the fact or keeps it already.
 */
export async function recordSurprise(
  deps: SurpriseDeps & { store: Pick<OrderStore, "read" | "save"> },
  orderId: string,
  source: SurpriseSource,
  fact: UpstreamFact,
): Promise<Result<string | null, OrderStoreError>> {
  for (let i = 0; i < MAX_TRIES; i += 1) {
    const read = await deps.store.read(orderId);
    if (!read.ok) return read;
    const order = read.value.record;
    const what = surpriseIn(order, fact);
    if (what === null) return ok(null);
    const surprise = keptSurprise(deps, source, fact, what);
    const surprises = withSurprise(order, surprise);
    if (surprises === null) return ok(surprise.what);
    const saved = await deps.store.save(read.value, { note: { kind: "surprised", values: { source }, surprise: what }, patch: { surprises } });
    if (saved.ok) {
      alertSurprise(orderId, deps, source, what);
      return ok(surprise.what);
    }
    if (saved.error.code !== "conflict") return saved;
  }
  return err({ code: "conflict" });
}

/**
 * A step's save lost to another writer after upstream answered it: the answer's facts are
 * judged against the order as that writer left it (a release, say), and kept if unexpected.
 * Never fails the run: a notification and reconciliation would still find the fact.
 */
export async function keepLostAnswer(
  deps: SurpriseDeps & { store: Pick<OrderStore, "read" | "save"> },
  before: OrderRecord,
  heard: OrderRecord["upstream"],
): Promise<void> {
  if (heard.orderId === before.upstream.orderId && heard.status === before.upstream.status) return;
  // Only these states' steps send /api/pay or the confirmation; the rest read the order.
  const source = before.state === "created" || before.state === "authorized" ? "pay_answer" : "re_read";
  const kept = await recordSurprise(deps, before.id, source, { upstreamOrderId: heard.orderId, status: heard.status });
  if (!kept.ok) console.warn(`[checkout] an answer about ${before.id} that lost its save was not kept (${kept.error.code})`);
}

function alertSurprise(orderId: string, deps: SurpriseDeps, source: SurpriseSource, what: SurpriseNote): void {
  deps.alertOwner(orderId, { kind: "surprise", values: { source, heard: source.replace("_", " "), orderId }, surprise: what }, "surprise");
}
