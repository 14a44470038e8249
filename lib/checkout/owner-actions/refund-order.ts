// The owner refunds a delivered, captured order, in full or in part, with a reason. The order is
// the ledger: the refund is written on it (compare-and-set) before Stripe is asked, under the
// form's request id, so a repeat of the request finds it and never refunds twice, and the sum
// of what is pending or done can never pass what was captured.
//   full (no amount, or everything left): completed → refunding with the entry, in one write;
//     the checkout's own refund step then refunds what is left (Stripe key refund:<order>:full,
//     one per order), exactly as for a refund upstream, and the sweep finishes it if we die.
//   part: the entry alone; Stripe is asked with key refund:<order>:owner-<request id>; the
//     order stays completed and the buyer keeps the code.
// Either way the buyer is emailed once the refund is done (settle-refunds.ts), and what the
// request leaves unfinished the cron sweep finishes (open-refunds.ts).
import type { Actor } from "@/lib/audit";
import { z } from "zod";
import { formatMoney, moneySchema, toStripeAmount, type Money } from "@/lib/money";
import { err, ok, type Result } from "@/lib/result";
import { advance } from "../advance";
import { orderIdSchema, type OrderRecord, type OwnerRefund } from "../order-record";
import { auditOrderAction } from "./audit-order";
import { changeOrder, readOrder, type Decision } from "./change-order";
import { requestIdSchema, type OwnerActionDeps, type OwnerActionError, type OwnerActionOutcome } from "./owner-action-deps";
import type { EventNote } from "../event-notes";
import { committed, pendingRefund, refundable, refunded } from "./refund-ledger";
import { markOpenRefund, OPEN_REFUND_RETRY_MS } from "./open-refunds";
import { oncePerRequest } from "./request-claim";
import { settleRefunds } from "./settle-refunds";
import { firstIssue } from "@/lib/http/first-issue";

export const refundInputSchema = z.object({
  orderId: orderIdSchema,
  requestId: requestIdSchema,
  /** In the order's currency; absent: everything not yet refunded. */
  amount: moneySchema.refine((money) => money.minor > 0, { error: "expected an amount above zero" }).optional(),
  reason: z.string().trim().min(1, { error: "say why (the reason is kept in the audit log)" }).max(500, { error: "at most 500 characters" }),
});

export type RefundInput = z.input<typeof refundInputSchema>;

export interface RefundOutcome extends OwnerActionOutcome {
  /**
   * This request's refund: done, or still pending (Stripe did not answer; re-drive finishes it);
   * null when another submit of the same request is writing it right now.
   */
  refund: Pick<OwnerRefund, "kind" | "amount" | "status"> | null;
  /** All that has gone back to the buyer so far. */
  refunded: Money;
}

export async function refundOrder(deps: OwnerActionDeps, input: RefundInput, actor: Actor): Promise<Result<RefundOutcome, OwnerActionError>> {
  const parsed = refundInputSchema.safeParse(input);
  if (!parsed.success) {
    return err({ code: "invalid", ...firstIssue(parsed.error, "") });
  }
  const { orderId, requestId, amount, reason } = parsed.data;
  const once = await oncePerRequest(deps.kv, `checkout:owner-refund-request:${orderId}:${requestId}`, async (): Promise<Result<RefundOutcome, OwnerActionError>> => {
    // Marked before the entry can exist, so the sweep finishes what this request may not.
    await markOpenRefund(deps.kv, orderId, deps.clock.now() + OPEN_REFUND_RETRY_MS);
    const written = await changeOrder(deps.store, orderId, (order) => decideRefund(order, { requestId, amount, reason, by: actor.email, at: deps.clock.now() }));
    if (!written.ok) return written;
    if (entryOf(written.value.after, requestId)?.kind === "full") {
      // The checkout's own refund step acts now; if it cannot, the sweep retries it.
      await advance(orderId, deps, { kind: "wake", reason: { kind: "any" } });
    }
    await settleRefunds(deps, orderId);
    const read = await readOrder(deps.store, orderId);
    if (!read.ok) return read;
    const after = read.value.record;
    const settled = entryOf(after, requestId);
    if (!settled) return err({ code: "unavailable", message: "the refund is not on the order; nothing was refunded" });
    const audited = written.value.wrote
      ? await auditOrderAction(deps, actor, "refund", written.value.before, after, { requestId, kind: settled.kind, amount: settled.amount, status: settled.status, reason })
      : true;
    if (settled.status === "failed") {
      return err({ code: "refund_refused", message: `Stripe refused the refund of ${formatMoney(settled.amount, "en")}; nothing was refunded` });
    }
    return ok(outcome(after, settled, !written.value.wrote, audited));
  });
  if (once.ran) return once.result;
  // Another submit of this request has it (or had it): say where it stands, do nothing.
  const read = await readOrder(deps.store, orderId);
  if (!read.ok) return read;
  return ok(outcome(read.value.record, entryOf(read.value.record, requestId), true, true));
}

function outcome(order: OrderRecord, entry: OwnerRefund | null, repeat: boolean, audited: boolean): RefundOutcome {
  return { state: order.state, repeat, audited, refund: entry && { kind: entry.kind, amount: entry.amount, status: entry.status }, refunded: refunded(order) };
}

function entryOf(order: OrderRecord, requestId: string): OwnerRefund | null {
  return (order.refunds ?? []).find((entry) => entry.requestId === requestId) ?? null;
}

type Ask = Pick<OwnerRefund, "requestId" | "reason" | "by" | "at"> & { amount: Money | undefined };

/** The write that records the refund on the order, or why it is refused; a repeat writes nothing. */
export function decideRefund(order: OrderRecord, ask: Ask): Result<Decision, OwnerActionError> {
  if (entryOf(order, ask.requestId)) return ok({ nothing: true });
  const refusal = refundRefusal(order);
  if (refusal) return err(refusal);
  const left = refundable(order);
  if (ask.amount !== undefined && ask.amount.currency !== left.currency) {
    return err({ code: "invalid", field: "amount", message: `this order was paid in ${left.currency}, not ${ask.amount.currency}` });
  }
  if (ask.amount !== undefined && !toStripeAmount(ask.amount).ok) {
    return err({ code: "invalid", field: "amount", message: `${formatMoney(ask.amount, "en")} is not an amount Stripe can refund in ${left.currency}` });
  }
  if (ask.amount !== undefined && ask.amount.minor > left.minor) {
    return err({
      code: "amount_too_large",
      field: "amount",
      message: `at most ${formatMoney(left, "en")} is left to refund (captured ${formatMoney(order.quote.price, "en")}, refunded or pending ${formatMoney(committed(order), "en")})`,
    });
  }
  const full = ask.amount === undefined || ask.amount.minor === left.minor;
  const entry: OwnerRefund = {
    requestId: ask.requestId,
    kind: full ? "full" : "part",
    amount: full || ask.amount === undefined ? left : ask.amount,
    reason: ask.reason,
    by: ask.by,
    at: ask.at,
    status: "pending",
    refundId: null,
    buyerTold: false,
  };
  const refunds = [...(order.refunds ?? []), entry];
  const note: EventNote = { kind: "ownerRefundAsked", values: { amount: entry.amount, by: ask.by ?? "", kind: entry.kind, request: ask.requestId } };
  if (!full) return ok({ change: { note, patch: { refunds } } });
  return ok({ change: { to: "refunding", note, patch: { refunds, reason: "refunded_by_shop", attempts: 0, nextCheckAt: ask.at } } });
}

function refundRefusal(order: OrderRecord): OwnerActionError | null {
  // A disputed charge is never also refunded: the buyer would get the money back twice (the bank
  // takes it back through the dispute), and Stripe refuses it anyway.
  if (order.dispute) {
    return { code: "disputed", message: `this charge is disputed (${order.dispute.reason}, ${order.dispute.status}); the dispute decides where the money goes — submit evidence or accept it from the order page, never refund it` };
  }
  switch (order.state) {
    case "completed":
      break;
    case "refunding":
    case "refunded":
      return { code: "already_refunded", message: "this order is refunded in full (or being refunded) already" };
    case "delivered":
      return { code: "not_completed", message: "delivered, but the payment is still being taken; refund it once it is completed" };
    default:
      return { code: "not_completed", message: `nothing has been charged yet (${order.state}); cancel it instead` };
  }
  const pending = pendingRefund(order);
  if (pending) {
    return { code: "refund_in_progress", message: `a refund of ${formatMoney(pending.amount, "en")} is not finished yet; re-drive the order to finish it, then refund again` };
  }
  if (refundable(order).minor <= 0) return { code: "already_refunded", message: "everything captured has been refunded already" };
  return null;
}
