// Send the buyer's order email (the link to their order) again. One email per request id: a
// double submit of the form sends one, a later deliberate click (a new form) sends another.
import type { Actor } from "@/lib/audit";
import { z } from "zod";
import { err, ok, type Result } from "@/lib/result";
import { orderEmailFor } from "../order-email";
import { orderIdSchema } from "../order-record";
import { auditOrderAction } from "./audit-order";
import { readOrder, repeatOf } from "./change-order";
import { requestIdSchema, type OwnerActionDeps, type OwnerActionError, type OwnerActionOutcome } from "./owner-action-deps";
import { oncePerRequest } from "./request-claim";
import { firstIssue } from "@/lib/http/first-issue";

export const resendInputSchema = z.object({ orderId: orderIdSchema, requestId: requestIdSchema });
export type ResendInput = z.input<typeof resendInputSchema>;

export async function resendOrderEmail(deps: OwnerActionDeps, input: ResendInput, actor: Actor): Promise<Result<OwnerActionOutcome, OwnerActionError>> {
  const parsed = resendInputSchema.safeParse(input);
  if (!parsed.success) return err({ code: "invalid", ...firstIssue(parsed.error, "") });
  const { orderId, requestId } = parsed.data;
  const once = await oncePerRequest(deps.kv, `checkout:owner-resend:${orderId}:${requestId}`, async (): Promise<Result<OwnerActionOutcome, OwnerActionError>> => {
    const read = await readOrder(deps.store, orderId);
    if (!read.ok) return read;
    const order = read.value.record;
    const key = deps.vault.open(order.capabilitySealed, orderId);
    if (!key.ok) return err({ code: "mail_failed", message: "the order's link cannot be rebuilt (its capability key does not open with this code key); nothing was sent" });
    const mail = await deps.mailer.send(await orderEmailFor(order, key.value, deps));
    if (!mail.ok) return err({ code: "mail_failed", message: `the email was not sent: ${mail.error.message}` });
    const audited = await auditOrderAction(deps, actor, "email_resent", order, order, { requestId, to: order.email });
    return ok({ state: order.state, repeat: false, audited });
  });
  return once.ran ? once.result : repeatOf(deps, orderId);
}
