// The evidence Stripe asks for when a digital good is disputed, assembled from the order: who
// bought (email, account), from where (purchase IP, user agent, IP country), what and when it
// was delivered, and each time the buyer's order page showed the code: for a code, "the buyer
// saw it" is the delivery. The owner reads it on the order page and submits it from there; the
// submission carries a key per dispute, so a second click is the same submission.
import type Stripe from "stripe";
import { err, ok, type Result } from "@/lib/result";
import type { Actor } from "@/lib/audit";
import type { PaymentsError } from "./checkout-deps";
import type { OrderRecord } from "./order-record";
import { changeOrder } from "./owner-actions/change-order";
import type { OwnerActionError } from "./owner-actions/owner-action-deps";
import { productName } from "./public-order";
import type { OrderStore } from "./store/order-store";
import type { Clock } from "@/lib/time/clock";

export type DisputeEvidence = Stripe.DisputeUpdateParams.Evidence;

const iso = (ms: number) => new Date(ms).toISOString();

export function disputeEvidence(order: OrderRecord): DisputeEvidence {
  const deliveredAt = order.events.find((event) => event.to === "delivered")?.at ?? null;
  const views = order.codeViews ?? [];
  const log = [
    `Order ${order.id} placed ${iso(order.createdAt)} by ${order.email}${order.buyer?.ip ? ` from IP ${order.buyer.ip}` : ""}${order.buyer?.country ? ` (${order.buyer.country})` : ""}.`,
    ...(order.buyer?.userAgent ? [`User agent: ${order.buyer.userAgent}.`] : []),
    ...(order.account ? [`Delivered to the buyer's game account ${order.account}.`] : []),
    ...(order.screening?.signals.authenticated ? ["The payment was authenticated with 3-D Secure."] : []),
    ...(deliveredAt ? [`Code delivered ${iso(deliveredAt)}, shown only on the buyer's private order link.`] : []),
    ...(views.length > 0 ? [`The buyer's order page showed the code at: ${views.map(iso).join(", ")}.`] : ["The order page has not recorded the code being shown."]),
  ];
  return {
    customer_email_address: order.email,
    ...(order.buyer?.ip ? { customer_purchase_ip: order.buyer.ip } : {}),
    product_description: `${productName(order)}: a digital code, delivered instantly on the buyer's private order page and by email link.`,
    ...(deliveredAt ? { service_date: iso(deliveredAt).slice(0, 10) } : {}),
    access_activity_log: log.join("\n"),
  };
}

export interface SubmitEvidenceDeps {
  store: OrderStore;
  clock: Clock;
  submit(orderId: string, disputeId: string, evidence: DisputeEvidence): Promise<Result<void, PaymentsError>>;
}

/** Submit the order's evidence for its open dispute, and note who did it and when. */
export async function submitEvidence(deps: SubmitEvidenceDeps, orderId: string, actor: Actor): Promise<Result<OrderRecord, OwnerActionError>> {
  const read = await deps.store.read(orderId);
  if (!read.ok) return err({ code: read.error.code === "not_found" ? "not_found" : "unavailable", message: `order ${orderId} not read (${read.error.code})` });
  const { dispute } = read.value.record;
  if (!dispute) return err({ code: "not_disputed", message: "this order has no dispute" });
  if (dispute.evidenceSubmittedAt !== null) return ok(read.value.record);
  const sent = await deps.submit(orderId, dispute.id, disputeEvidence(read.value.record));
  if (!sent.ok) return err({ code: "evidence_refused", message: `Stripe did not take the evidence (${sent.error.code}): ${sent.error.message}` });
  const now = deps.clock.now();
  const written = await changeOrder(deps.store, orderId, (order) =>
    ok(
      order.dispute && order.dispute.evidenceSubmittedAt === null
        ? { change: { note: { kind: "evidenceSubmitted", values: { by: actor.email } }, patch: { dispute: { ...order.dispute, evidenceSubmittedAt: now, evidenceSubmittedBy: actor.email } } } }
        : { nothing: true as const },
    ),
  );
  return written.ok ? ok(written.value.after) : written;
}
