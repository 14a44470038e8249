// Finish what the owner's refunds on an order still owe, from what the order says now: ask
// Stripe for a pending partial refund (under its own key, by one caller at a time), mark a full
// refund done once the checkout's refund step has refunded the order, and tell the buyer of each
// done refund once. Run by the refund itself and by re-drive, so a refund whose caller died or
// whose answer was lost is finished by the next click, never done twice.
import type { EventNote } from "../event-notes";
import { refundEmail } from "@/lib/mail/refund-email";
import { ok } from "@/lib/result";
import type { OrderRecord, OwnerRefund } from "../order-record";
import { productName } from "../public-order";
import { changeOrder, readOrder } from "./change-order";
import type { OwnerActionDeps } from "./owner-action-deps";
import { claimRequest } from "./request-claim";

/**
 * Stripe keeps an idempotency key for at least 24 hours. A partial refund left pending longer
 * is not asked again under its key (a repeat might no longer be recognised and refund twice):
 * the owner is told to look in Stripe's dashboard instead.
 */
export const PART_RETRY_WINDOW_MS = 23 * 3600_000;

/** The checkout's listeners that finish the owner's refunds whoever moves the order on (advance.ts). */
export function refundListeners(deps: OwnerActionDeps): { onRefunded(order: OrderRecord): Promise<void> } {
  return { onRefunded: (order) => settleRefunds(deps, order.id) };
}

export async function settleRefunds(deps: OwnerActionDeps, orderId: string): Promise<void> {
  const read = await readOrder(deps.store, orderId);
  if (!read.ok) return;
  for (const entry of read.value.record.refunds ?? []) {
    if (entry.status !== "pending") continue;
    if (entry.kind === "part") await finishPart(deps, read.value.record, entry);
    else if (read.value.record.state === "refunded") await markFullDone(deps, orderId, entry);
  }
  const now = await readOrder(deps.store, orderId);
  if (!now.ok) return;
  await deps.onMoneyBack?.(now.value.record).catch((error: unknown) => console.warn(`[orders] refunds of ${orderId} not netted from the sales figures yet: ${String(error)}`));
  for (const entry of now.value.record.refunds ?? []) {
    if (entry.status === "done" && !entry.buyerTold) await tellBuyer(deps, now.value.record, entry);
  }
}

async function finishPart(deps: OwnerActionDeps, order: OrderRecord, entry: OwnerRefund): Promise<void> {
  const intentId = order.payment.paymentIntentId;
  if (intentId === null) return;
  // Never asked again once the charge is disputed: a first ask that reached Stripe stands (the
  // dispute's handler told the owner of it, lib/checkout/bank-events), a new one would pay twice.
  if (order.dispute) return;
  if (deps.clock.now() - entry.at > PART_RETRY_WINDOW_MS) {
    deps.alertOwner(order.id, { kind: "refundUnconfirmed", values: { amount: entry.amount, request: entry.requestId } });
    return;
  }
  // One caller at a time asks Stripe; the others leave it to that one.
  const claim = await claimRequest(deps.kv, `checkout:owner-refund:${order.id}:${entry.requestId}`);
  if (!claim) return;
  const answer = await deps.payments.refund(intentId, order.id, { requestId: entry.requestId, amount: entry.amount });
  if (!answer.ok && answer.error.mayHaveTakenEffect) {
    // Unknown whether it went through: stays pending, asked again under the same key later.
    console.warn(`[orders] refund ${entry.requestId} of ${order.id} not confirmed: ${answer.error.code}`);
    await claim.drop();
    return;
  }
  const status = answer.ok ? "done" : "failed";
  const refundId = answer.ok ? answer.value.refundId : null;
  const note: EventNote = answer.ok
    ? { kind: "ownerRefundDone", values: { request: entry.requestId, refund: String(refundId) } }
    : { kind: "ownerRefundRefused", values: { request: entry.requestId, code: answer.error.code } };
  await updateEntry(deps, order.id, entry.requestId, note, (current) => (current.status === "pending" ? { ...current, status, refundId } : null));
  await claim.drop();
}

async function markFullDone(deps: OwnerActionDeps, orderId: string, entry: OwnerRefund): Promise<void> {
  await updateEntry(deps, orderId, entry.requestId, { kind: "ownerRefundSettled", values: { request: entry.requestId } }, (current, order) =>
    current.status === "pending" ? { ...current, status: "done", refundId: order.payment.refundId } : null,
  );
}

async function tellBuyer(deps: OwnerActionDeps, order: OrderRecord, entry: OwnerRefund): Promise<void> {
  const claim = await claimRequest(deps.kv, `checkout:refund-mail:${order.id}:${entry.requestId}`);
  if (!claim) return;
  // An order sealed under an earlier CHECKOUT_CODE_KEY has no link left to send; the buyer
  // still hears of the refund, or every sweep would try again for ever.
  const key = deps.vault.open(order.capabilitySealed, order.id);
  if (!key.ok) console.warn(`[orders] refund email of ${order.id} goes without its order link: the capability key does not open`);
  const mail = await deps.mailer.send(
    refundEmail({
      to: order.email,
      orderId: order.id,
      product: productName(order),
      amount: entry.amount,
      full: entry.kind === "full",
      link: key.ok ? deps.orderLink(order.id, key.value, order.locale) : null,
      shopName: deps.shopName,
      test: order.test,
    }),
  );
  if (!mail.ok) {
    // Logged without the link; the next re-drive or refund of this order tries again.
    console.error(`[orders] refund email of ${order.id} not sent: ${mail.error.message}`);
    return claim.drop();
  }
  // The claim stays "done" for a day, so a failed write below cannot send it twice meanwhile.
  await claim.done();
  await updateEntry(deps, order.id, entry.requestId, { kind: "buyerToldOfRefund", values: { request: entry.requestId } }, (current) => (current.buyerTold ? null : { ...current, buyerTold: true }));
}

/** Replace one refund entry on the order (compare-and-set); null from `next` leaves it. */
async function updateEntry(
  deps: OwnerActionDeps,
  orderId: string,
  requestId: string,
  note: EventNote,
  next: (entry: OwnerRefund, order: OrderRecord) => OwnerRefund | null,
): Promise<void> {
  const written = await changeOrder(deps.store, orderId, (order) => {
    const refunds = order.refunds ?? [];
    const index = refunds.findIndex((entry) => entry.requestId === requestId);
    const current = refunds[index];
    const replaced = current ? next(current, order) : null;
    if (!replaced) return ok({ nothing: true });
    return ok({ change: { note, patch: { refunds: refunds.map((entry, i) => (i === index ? replaced : entry)) } } });
  });
  if (!written.ok) console.warn(`[orders] refund ${requestId} of ${orderId} not recorded: ${written.error.message}`);
}
