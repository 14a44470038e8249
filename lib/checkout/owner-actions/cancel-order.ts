// The owner cancels an order before delivery: it moves to `releasing` (compare-and-set), and the
// checkout's own release step does the rest — order_update 3 for a held reservation, then the
// buyer's authorization cancelled — run at once here and by the sweep if we die. Refused where
// upstream may still deliver: money must never be given back for a code the partner pays for.
// Cancelling twice is harmless: an order already releasing or failed is left as it is.
import type { Actor } from "@/lib/audit";
import { z } from "zod";
import { err, ok, type Result } from "@/lib/result";
import { advance } from "../advance";
import { orderIdSchema, type OrderRecord } from "../order-record";
import { isDelivered, isInProgress } from "../upstream-facts";
import { auditOrderAction } from "./audit-order";
import { changeOrder, repeatOf, type Decision } from "./change-order";
import { oncePerRequest } from "./request-claim";
import { requestIdSchema, type OwnerActionDeps, type OwnerActionError, type OwnerActionOutcome } from "./owner-action-deps";
import { firstIssue } from "@/lib/http/first-issue";

export const cancelInputSchema = z.object({ orderId: orderIdSchema, requestId: requestIdSchema });
export type CancelInput = z.input<typeof cancelInputSchema>;

export async function cancelOrder(deps: OwnerActionDeps, input: CancelInput, actor: Actor): Promise<Result<OwnerActionOutcome, OwnerActionError>> {
  const parsed = cancelInputSchema.safeParse(input);
  if (!parsed.success) return err({ code: "invalid", ...firstIssue(parsed.error, "") });
  const { orderId, requestId } = parsed.data;
  const once = await oncePerRequest(deps.kv, `checkout:owner-cancel:${orderId}:${requestId}`, async () => {
    const written = await changeOrder(deps.store, orderId, (order) => decideCancel(order, actor, requestId, deps.clock.now()));
    if (!written.ok) return written;
    // Release now rather than at the sweep; a failed or busy run leaves it to the sweep.
    const advanced = await advance(orderId, deps, { kind: "wake", reason: { kind: "any" } });
    const after = advanced.ok ? advanced.value : written.value.after;
    const audited = written.value.wrote ? await auditOrderAction(deps, actor, "cancel", written.value.before, after, { requestId }) : true;
    return ok({ state: after.state, repeat: !written.value.wrote, audited });
  });
  return once.ran ? once.result : repeatOf(deps, orderId);
}

export function decideCancel(order: OrderRecord, actor: Actor, requestId: string, now: number): Result<Decision, OwnerActionError> {
  if (order.state === "releasing" || order.state === "failed") return ok({ nothing: true });
  const refusal = cancelRefusal(order);
  if (refusal) return err(refusal);
  return ok({
    change: {
      to: "releasing",
      note: { kind: "cancelledByOwner", values: { by: actor.email, request: requestId } },
      patch: { reason: "cancelled_by_shop", attempts: 0, nextCheckAt: now },
    },
  });
}

/** Why this order cannot be cancelled now, or null when it can. */
export function cancelRefusal(order: OrderRecord): OwnerActionError | null {
  switch (order.state) {
    case "delivered":
    case "completed":
    case "refunding":
    case "refunded":
      return { code: "delivered", message: "upstream has delivered this order, and will not take a delivered code back; refund it instead once it is completed" };
    case "fulfilling":
      return { code: "upstream_may_deliver", message: "upstream is filling this order now; it cannot be cancelled until upstream says it failed (then it is released by itself) — if it is delivered, refund it" };
    default:
      break;
  }
  const status = order.upstream.status;
  if (status !== null && (isDelivered(status) || isInProgress(status))) {
    return { code: "upstream_may_deliver", message: `upstream shows this order as ${status} (delivered or in progress); it cannot be cancelled` };
  }
  // Once the payment is held the order goes upstream at once — a reservation's confirmation, a
  // pay-first order's /api/pay — and a call whose answer was lost may have delivered it, while
  // our record still shows a reservation: only upstream's own answer can say it did not.
  if (order.state === "authorized") {
    return { code: "upstream_may_deliver", message: "the buyer's payment is held and the order has gone (or is going) to upstream, which may deliver it; it finishes or fails by itself" };
  }
  // A pay-first /api/pay whose answer was lost may have made the order.
  if (order.flow === "pay_first" && order.upstream.payMayExist) {
    return { code: "upstream_may_deliver", message: "this pay-first order has been sent to upstream (or may have been), which may still deliver it; it finishes or fails by itself" };
  }
  return null;
}
