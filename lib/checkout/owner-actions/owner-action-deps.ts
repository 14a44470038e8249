// What the owner's actions on one order need: the checkout's own deps (they move orders the
// way `advance` does), a mailer for the buyer's emails, and who is acting, for the audit log.
import { z } from "zod";
import type { Mailer } from "@/lib/mail/mailer";
import type { AdvanceDeps } from "../advance";
import type { OrderState } from "../order-states";

export interface OwnerActionDeps extends AdvanceDeps {
  mailer: Mailer;
  shopName: string;
}

/**
 * One click's id, carried by the admin form: a double submit of one form is one effect, a
 * later deliberate click (a new form, a new id) another.
 */
export const requestIdSchema = z.string().regex(/^[\w-]{8,64}$/, { error: "expected a request id (8 to 64 letters, digits, - or _)" });

export type OwnerActionCode =
  | "invalid"
  | "not_found"
  | "unavailable"
  /** Cancel: upstream may still deliver (a pay-first order sent upstream, an order in progress). */
  | "upstream_may_deliver"
  /** Cancel: already delivered; refund instead. */
  | "delivered"
  /** Refund: nothing delivered and captured yet; cancel instead, or wait for the capture. */
  | "not_completed"
  | "already_refunded"
  | "amount_too_large"
  /** Refund: an earlier refund is not finished; re-drive finishes it. */
  | "refund_in_progress"
  /** Refund: Stripe refused it; nothing was refunded. */
  | "refund_refused"
  /** Resend: the mailer refused; nothing was sent. */
  | "mail_failed"
  /** Review: the order is not held for review. */
  | "not_held"
  /** Review: the other verdict was given first (another tab, or the deadline). */
  | "already_decided"
  /** Refund: the charge is disputed; the dispute decides where the money goes. */
  | "disputed"
  /** Evidence: the order has no dispute. */
  | "not_disputed"
  /** Evidence: Stripe refused the submission; nothing was submitted. */
  | "evidence_refused";

export interface OwnerActionError {
  code: OwnerActionCode;
  message: string;
  /** The input at fault, for a form to mark. */
  field?: string;
}

export interface OwnerActionOutcome {
  /** The order's state once the action has done what it could now. */
  state: OrderState;
  /** A repeat of a request already handled (a double submit): nothing new was done. */
  repeat: boolean;
  /** The audit row was written (false: the action happened but KV refused the row; logged). */
  audited: boolean;
}
