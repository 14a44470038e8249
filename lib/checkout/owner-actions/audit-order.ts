// The audit row of an owner action: who, when, from where, and the order before and after, in
// the few facts that matter (state, reason, money refunded). Written after the action, so the
// row says what happened rather than what was tried. A row KV refuses does not undo the action
// (the money has moved); it is logged and the answer says so.
import { recordAudit, type Actor } from "@/lib/audit";
import type { OrderRecord } from "../order-record";
import type { OwnerActionDeps } from "./owner-action-deps";
import { refunded } from "./refund-ledger";

export async function auditOrderAction(
  deps: Pick<OwnerActionDeps, "kv" | "clock">,
  actor: Actor,
  action: string,
  before: OrderRecord,
  after: OrderRecord,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  try {
    await recordAudit(
      { actor: actor.email, action: `orders.${action}`, target: `order:${before.id}`, before: snapshot(before), after: { ...snapshot(after), ...extra }, ip: actor.ip },
      { kv: deps.kv, clock: deps.clock },
    );
    return true;
  } catch (error) {
    console.error(`[orders] ${action} of ${before.id} by ${actor.email} not audited: ${String(error)}`);
    return false;
  }
}

function snapshot(order: OrderRecord) {
  return { state: order.state, reason: order.reason, refunded: refunded(order) };
}
