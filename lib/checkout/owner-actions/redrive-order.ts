// Re-drive: run `advance` on the order now, whatever its next deadline, and finish any refund
// of the owner's still pending (settle-refunds.ts). Safe at any time: the order's lease keeps
// one run calling out at once, every write is a compare-and-set, every call idempotent; a double
// submit of one form (its request id) runs once.
import type { Actor } from "@/lib/audit";
import { z } from "zod";
import { err, ok, type Result } from "@/lib/result";
import { advance } from "../advance";
import { orderIdSchema } from "../order-record";
import { auditOrderAction } from "./audit-order";
import { readOrder, repeatOf } from "./change-order";
import { requestIdSchema, type OwnerActionDeps, type OwnerActionError, type OwnerActionOutcome } from "./owner-action-deps";
import { oncePerRequest } from "./request-claim";
import { settleRefunds } from "./settle-refunds";
import { firstIssue } from "@/lib/http/first-issue";

export const redriveInputSchema = z.object({ orderId: orderIdSchema, requestId: requestIdSchema });
export type RedriveInput = z.input<typeof redriveInputSchema>;

export async function redriveOrder(deps: OwnerActionDeps, input: RedriveInput, actor: Actor): Promise<Result<OwnerActionOutcome, OwnerActionError>> {
  const parsed = redriveInputSchema.safeParse(input);
  if (!parsed.success) return err({ code: "invalid", ...firstIssue(parsed.error, "") });
  const { orderId, requestId } = parsed.data;
  const once = await oncePerRequest(deps.kv, `checkout:owner-redrive:${orderId}:${requestId}`, async (): Promise<Result<OwnerActionOutcome, OwnerActionError>> => {
    const before = await readOrder(deps.store, orderId);
    if (!before.ok) return before;
    const advanced = await advance(orderId, deps, { kind: "wake", reason: { kind: "any" } });
    if (!advanced.ok) console.warn(`[orders] re-drive of ${orderId}: ${advanced.error.code}`);
    await settleRefunds(deps, orderId);
    const after = await readOrder(deps.store, orderId);
    if (!after.ok) return after;
    const audited = await auditOrderAction(deps, actor, "redrive", before.value.record, after.value.record, { requestId });
    return ok({ state: after.value.record.state, repeat: false, audited });
  });
  return once.ran ? once.result : repeatOf(deps, orderId);
}
