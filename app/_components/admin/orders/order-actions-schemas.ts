// The forms of the owner's actions on one order, checked in the browser and again by their
// server actions (app/[locale]/admin/(signed-in)/orders/[orderId]/actions.ts). Every form carries
// the request id it was rendered with, so sending it twice acts once; cancel and refund carry a
// ticked confirmation, the step that shows the owner what cannot be undone.
import { z } from "zod";

const base = {
  orderId: z.string().min(1, { error: "missing order" }),
  requestId: z.string().regex(/^[\w-]{8,64}$/, { error: "missing request id" }),
};
const confirmed = z.literal("yes", { error: "tick the box to confirm" });

export const redriveFormSchema = z.object(base);
export const resendFormSchema = z.object(base);
export const cancelFormSchema = z.object({ ...base, confirm: confirmed });
export const refundFormSchema = z.object({
  ...base,
  /** The order's currency, for reading the amount; the refund checks it against the order. */
  currency: z.string().regex(/^[A-Z]{3}$/, { error: "missing currency" }),
  /** Empty: everything not yet refunded. */
  amount: z.string().trim().max(24, { error: "too long" }).default(""),
  reason: z.string().trim().min(1, { error: "say why" }).max(500, { error: "at most 500 characters" }),
  confirm: confirmed,
});

export const approveFormSchema = z.object(base);
export const rejectFormSchema = z.object({ ...base, confirm: confirmed });
export const evidenceFormSchema = z.object({ ...base, confirm: confirmed });

export const ORDER_ACTION_SCHEMAS = {
  redrive: redriveFormSchema,
  resend: resendFormSchema,
  cancel: cancelFormSchema,
  refund: refundFormSchema,
  approve: approveFormSchema,
  reject: rejectFormSchema,
  evidence: evidenceFormSchema,
};
export type OrderActionName = keyof typeof ORDER_ACTION_SCHEMAS;
