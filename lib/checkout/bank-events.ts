// What the card's bank and Radar say after authorization, and what the shop does about it:
//   review.opened / review.closed — a Radar review holds the order like ours (steps/screen.ts
//     reads it at authorization; one opened later holds an order still waiting to be fulfilled),
//     and Radar's approval in Stripe's dashboard approves our hold too;
//   radar.early_fraud_warning.created — the owner is alerted, the card and the email are
//     blocklisted, and an actionable warning is refunded at once when the settings say so
//     (by default only while the buyer has not been shown the code: a refund then loses nothing);
//   charge.dispute.created / updated / closed — the order is marked, the buyer blocked, and the
//     owner alerted to submit the evidence (dispute-evidence.ts) from the order page.
// Each event names its payment; the order is the one in that payment's metadata. Every write is
// a compare-and-set on the order, so Stripe's retries and reorderings change nothing twice.
import type Stripe from "stripe";
import type { BlockPort } from "@/lib/fraud/block-port";
import { flagBuyer } from "@/lib/fraud/flagged-buyers";
import type { ReviewSettings } from "@/lib/fraud/review-settings";
import type { Kv } from "@/lib/kv/kv";
import { toStripeAmount } from "@/lib/money";
import { advance, type AdvanceDeps } from "./advance";
import type { Dispute, FraudWarning } from "./fraud-facts";
import { orderAlert } from "./order-alerts";
import { orderIdSchema, type OrderRecord } from "./order-record";
import { changeOrder, type Decision } from "./owner-actions/change-order";
import { pendingRefund } from "./owner-actions/refund-ledger";
import { ok } from "@/lib/result";
import { reviewDeadlineCap } from "./steps/screen";
import { enqueueForReview } from "./screening/review-queue";

export const BANK_EVENTS = [
  "review.opened",
  "review.closed",
  "radar.early_fraud_warning.created",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
] as const;

export interface BankEventDeps {
  advance: AdvanceDeps;
  kv: Kv;
  blocklist: BlockPort;
  settings(): Promise<ReviewSettings>;
  /** The order id in a payment's metadata (null: not one of ours). */
  orderOfPayment(intentId: string): Promise<string | null>;
  /** A full refund of the order now, as the owner's refund does it, under `requestId`. */
  refundNow(orderId: string, requestId: string, reason: string): Promise<void>;
}

const BY = "screening";

/** The handler for the bank's events; other events are not its business (false). */
export function bankEventHandler(deps: BankEventDeps): (event: Stripe.Event) => Promise<boolean> {
  return async (event) => {
    switch (event.type) {
      case "review.opened":
      case "review.closed":
        await onReview(deps, event.data.object, event.type === "review.opened");
        return true;
      case "radar.early_fraud_warning.created":
        await onWarning(deps, event.data.object);
        return true;
      case "charge.dispute.created":
      case "charge.dispute.updated":
      case "charge.dispute.closed":
        await onDispute(deps, event.data.object, event.type === "charge.dispute.created");
        return true;
      default:
        return false;
    }
  };
}

async function orderOf(deps: BankEventDeps, intent: string | Stripe.PaymentIntent | null): Promise<string | null> {
  const id = typeof intent === "string" ? intent : (intent?.id ?? null);
  if (id === null) return null;
  const orderId = await deps.orderOfPayment(id);
  return orderIdSchema.safeParse(orderId).success ? orderId : null;
}

async function change(deps: BankEventDeps, orderId: string, decide: (order: OrderRecord) => Decision): Promise<OrderRecord | null> {
  const written = await changeOrder(deps.advance.store, orderId, (order) => ok(decide(order)));
  if (!written.ok && written.error.code !== "not_found") throw new Error(`order ${orderId} not updated: ${written.error.message}`);
  return written.ok ? written.value.after : null;
}

async function onReview(deps: BankEventDeps, review: Stripe.Review, opened: boolean): Promise<void> {
  const orderId = await orderOf(deps, review.payment_intent ?? null);
  if (orderId === null) return;
  const now = deps.advance.clock.now();
  const after = await change(deps, orderId, (order) => {
    if (opened) {
      // Held like ours only while nothing has gone upstream and no verdict is on it yet.
      if (order.state !== "authorized" || order.review || order.screening?.decision !== "allow") return { nothing: true };
      const deadline = reviewDeadlineCap(order, deps.advance);
      return { change: { note: { kind: "radarReviewOpened", values: { review: review.id } }, patch: { review: { status: "pending", openedAt: now, deadline, decidedBy: null, decidedAt: null }, nextCheckAt: deadline } } };
    }
    if (review.closed_reason !== "approved" || order.review?.status !== "pending") return { nothing: true };
    return { change: { note: { kind: "radarReviewApproved", values: { review: review.id } }, patch: { review: { ...order.review, status: "approved", decidedBy: "stripe", decidedAt: now }, nextCheckAt: now } } };
  });
  if (after?.review?.status === "pending") await enqueueForReview(deps.kv, orderId, after.review.deadline);
  if (after?.review?.status === "approved") await advance(orderId, deps.advance, { kind: "wake", reason: { kind: "any" } });
}

async function onWarning(deps: BankEventDeps, warning: Stripe.Radar.EarlyFraudWarning): Promise<void> {
  const orderId = await orderOf(deps, warning.payment_intent ?? null);
  if (orderId === null) return;
  const now = deps.advance.clock.now();
  const settings = await deps.settings();
  let fresh = false;
  const after = await change(deps, orderId, (order) => {
    fresh = order.fraudWarning?.id !== warning.id;
    if (!fresh) return { nothing: true };
    const refund = warning.actionable && !order.dispute && order.state === "completed" && refundWanted(settings, order);
    const record: FraudWarning = { id: warning.id, actionable: warning.actionable, fraudType: warning.fraud_type, at: now, refunded: refund };
    return { change: { note: { kind: refund ? "fraudWarningRefunding" : "fraudWarning", values: { warning: warning.id, fraudType: warning.fraud_type } }, patch: { fraudWarning: record, ...orderAlert({ kind: "fraudWarning" }) } } };
  });
  // A repeat of the event (Stripe retries) finds it on the order: done already.
  if (!after || !fresh) return;
  await blockBuyer(deps, after, `early fraud warning ${warning.id}`);
  deps.advance.alertOwner(orderId, { kind: after.fraudWarning?.refunded ? "fraudWarningRefunded" : "fraudWarning", values: { fraudType: warning.fraud_type, email: after.email } });
  if (after.fraudWarning?.refunded) await deps.refundNow(orderId, `efw-${warning.id}`, `early fraud warning ${warning.id}`);
}

/** Whether an actionable warning refunds now: never, always, or while the buyer has not been shown the code. */
function refundWanted(settings: ReviewSettings, order: OrderRecord): boolean {
  if (settings.refundOnWarning === "never") return false;
  return settings.refundOnWarning === "always" || (order.codeViews ?? []).length === 0;
}

async function onDispute(deps: BankEventDeps, dispute: Stripe.Dispute, created: boolean): Promise<void> {
  const orderId = await orderOf(deps, dispute.payment_intent);
  if (orderId === null) return;
  const after = await change(deps, orderId, (order) => {
    const known = order.dispute?.id === dispute.id ? order.dispute : null;
    if (known && known.status === dispute.status) return { nothing: true };
    const record: Dispute = {
      id: dispute.id,
      status: dispute.status,
      reason: dispute.reason,
      amount: disputedAll(order, dispute) ? order.quote.price : null,
      openedAt: known?.openedAt ?? dispute.created * 1000,
      evidenceDueBy: dispute.evidence_details?.due_by ? dispute.evidence_details.due_by * 1000 : null,
      evidenceSubmittedAt: known?.evidenceSubmittedAt ?? null,
      evidenceSubmittedBy: known?.evidenceSubmittedBy ?? null,
    };
    return { change: { note: { kind: "dispute", values: { dispute: dispute.id, status: dispute.status, reason: dispute.reason } }, patch: { dispute: record, ...(known ? {} : orderAlert({ kind: "disputed" })) } } };
  });
  if (!after || !created) return;
  await blockBuyer(deps, after, `dispute ${dispute.id}`);
  // A refund asked before the dispute may have reached Stripe: it stands, and is never asked again (settle-refunds.ts).
  const due = new Date((dispute.evidence_details?.due_by ?? 0) * 1000).toISOString();
  deps.advance.alertOwner(orderId, { kind: pendingRefund(after) ? "disputedRefundInFlight" : "disputed", values: { reason: dispute.reason, due } });
}

/** The dispute is for the whole charge (the usual case); the admin shows a part as Stripe's figure alone. */
function disputedAll(order: OrderRecord, dispute: Stripe.Dispute): boolean {
  const charged = toStripeAmount(order.quote.price);
  return charged.ok && charged.value.amount === dispute.amount && charged.value.currency === dispute.currency.toLowerCase();
}

async function blockBuyer(deps: BankEventDeps, order: OrderRecord, reason: string): Promise<void> {
  const at = deps.advance.clock.now();
  const card = order.screening?.signals.card ?? null;
  await Promise.all([
    deps.blocklist.block({ kind: "email", value: order.email.toLowerCase(), reason, by: BY, at }),
    card ? deps.blocklist.block({ kind: "card", value: card, reason, by: BY, at }) : Promise.resolve(),
    flagBuyer(deps.kv, order.email, reason),
  ]);
}
