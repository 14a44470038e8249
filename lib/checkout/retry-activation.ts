// A delivered code whose automatic activation failed may be activated again: the Partner API
// answers a repeated /api/order_update status 2 on such an order with one more activation
// attempt and nothing else (no second code, no second debit). The buyer asks from their order
// page; only the holder of the order link can.
import { ORDER_STATUS } from "@/lib/partner/schemas";
import { err, ok, type Result } from "@/lib/result";
import type { AdvanceDeps } from "./advance";
import { readOwnOrder, type BuyerOrderError } from "./buyer-order";
import { canRetryActivation, publicOrder, type PublicOrder } from "./public-order";
import { upstreamPatch } from "./upstream-facts";
import type { EventNote } from "./event-notes";

export type RetryActivationError = BuyerOrderError | { code: "not_applicable"; message: string } | { code: "upstream"; message: string };

export async function retryActivation(orderId: string, key: string | null, deps: AdvanceDeps): Promise<Result<PublicOrder, RetryActivationError>> {
  const own = await readOwnOrder(orderId, key, deps.store);
  if (!own.ok) return own;
  const order = own.value.record;
  const upstreamId = order.upstream.orderId;
  if (!canRetryActivation(order) || upstreamId === null) {
    return err({ code: "not_applicable", message: "This order has no failed activation to try again." });
  }
  const answer = await deps.upstream.orderUpdate({ order_id: upstreamId, status: ORDER_STATUS.success });
  if (!answer.ok) {
    return err({ code: "upstream", message: "The supplier could not try the activation now; please try again in a few minutes." });
  }
  const delivery = upstreamPatch(order, answer.value, deps.vault).delivery;
  const note: EventNote = { kind: "activationRetried", values: { activation: String(delivery.activation) } };
  // Another writer may move the order meanwhile (a notification, the sweep): record the
  // activation's outcome on top of what it stored.
  let current = own.value;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const saved = await deps.store.save(current, { note, patch: { delivery: { ...current.record.delivery, activation: delivery.activation } } });
    if (saved.ok) return ok(publicOrder(saved.value.record, deps.vault));
    if (saved.error.code !== "conflict") break;
    const reread = await deps.store.read(orderId);
    if (!reread.ok) break;
    current = reread.value;
  }
  return err({ code: "upstream", message: "The activation was tried but its outcome could not be saved; reload the page in a moment." });
}
