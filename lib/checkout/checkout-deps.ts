// What the checkout (`advance`) needs from the outside, and nothing more: three Partner API
// calls and six payment operations. The storefront passes the real client and the Stripe-backed
// payments; tests pass the same, pointed at the two sandboxes, with faults injected between them.
import type { DeadlineAlarm } from "./deadline-alarm";
import type { Locale } from "@/lib/i18n/locales";
import type { OwnerAlertSource } from "@/lib/alerts/owner-alert";
import type { AlertNote } from "./alert-notes";
import type { ConversionRates } from "./charge-check";
import type { Money } from "@/lib/money";
import type { PartnerClient } from "@/lib/partner/client";
import type { Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import type { CodeVault } from "./code-vault";
import type { OrderStore } from "./store/order-store";
import type { ScreeningDeps } from "./screening/screening-deps";

export type CheckoutUpstream = Pick<PartnerClient, "pay" | "orderUpdate" | "orderInfo">;

export interface PaymentsError {
  code: string;
  message: string;
  /** The request may have been applied although we read no answer: look before acting again. */
  mayHaveTakenEffect: boolean;
  /**
   * The request was not run, and never will be under its idempotency key: another request ran
   * under that key, or its frozen parameters are no longer acceptable (a page expiry now too
   * near). Only a new request, with a new key, can do the work.
   */
  needsNewKey?: boolean;
}

export type SessionStatus = "open" | "complete" | "expired";

/** Stripe's PaymentIntent statuses that the checkout tells apart. */
export type IntentStatus = "requires_payment_method" | "requires_action" | "requires_capture" | "succeeded" | "canceled" | "processing";

export interface PaymentView {
  session: SessionStatus;
  intent: { id: string; status: IntentStatus } | null;
}

export interface OpenCheckoutInput {
  orderId: string;
  amount: Money;
  description: string;
  email: string;
  /** The buyer's order link: where the payment page sends them back, paid or not. */
  returnUrl: string;
  /** Unix seconds; Stripe accepts 30 minutes to 24 hours from now. */
  expiresAt: number;
  /** Which opening request of the order this is; each has its own idempotency key. */
  attempt: number;
  /** Ask the card's bank for 3-D Secure on this page. */
  threeDSecure?: boolean;
}

/**
 * Every operation carries an idempotency key derived from the order id and the operation, so a
 * repeat after a timeout or a crash is answered with the first result instead of acting twice.
 */
export interface CheckoutPayments {
  openCheckout(input: OpenCheckoutInput): Promise<Result<{ sessionId: string; url: string; expiresAt: number }, PaymentsError>>;
  readCheckout(sessionId: string): Promise<Result<PaymentView, PaymentsError>>;
  expireCheckout(sessionId: string, orderId: string): Promise<Result<void, PaymentsError>>;
  capture(intentId: string, orderId: string): Promise<Result<void, PaymentsError>>;
  cancel(intentId: string, orderId: string): Promise<Result<void, PaymentsError>>;
  /**
   * Without `part`: everything not yet refunded, once per order. With it: that amount, once per
   * request id (an owner's partial refund), so a repeat of the same request never refunds twice.
   */
  refund(intentId: string, orderId: string, part?: RefundPart): Promise<Result<{ refundId: string }, PaymentsError>>;
}

export interface RefundPart {
  requestId: string;
  amount: Money;
}

/** Timing rules of the checkout, in milliseconds unless named otherwise. */
export interface CheckoutPolicy {
  /** How long upstream holds a reservation (the service does not say in its answers). */
  reservationMs: number;
  /** Act this long before a deadline, not at it: a release or expiry must land before the deadline. */
  safetyMarginMs: number;
  /** Lifetime of a Checkout Session (Stripe: at least 30 minutes). */
  sessionMs: number;
  /** Pay-first orders whose /api/pay keeps failing in a way that may have taken effect stop being retried after this. */
  payGiveUpMs: number;
  /** Backoff of a step that did not settle: base × 2^attempts, capped. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How far upstream's amount_charged may exceed the quoted cost before we release, in percent. */
  priceTolerancePercent: number;
  /**
   * When a completed order is read again upstream, as offsets from its completion: a refund
   * upstream (2 → 3) is found even when no notification says so. Empty: only notifications.
   */
  completedRechecksMs: readonly number[];
  /**
   * How long after authorization the held money is ours to capture (cards: about 7 days), less
   * a margin. A paid order whose fate upstream we cannot read keeps its authorization until then.
   */
  authorizationHoldMs: number;
}

export interface CheckoutDeps {
  store: OrderStore;
  upstream: CheckoutUpstream;
  payments: CheckoutPayments;
  vault: CodeVault;
  clock: Clock;
  policy: CheckoutPolicy;
  /** The buyer's order link for an order id and its capability key, in the buyer's language (English when not given). */
  orderLink(orderId: string, capabilityKey: string, locale?: Locale): string;
  /**
   * The pricing rules' store currency and rates as they are now (the owner edits them in the
   * admin): a charge in another currency than the quote is valued with them.
   */
  conversionRates(): Promise<ConversionRates>;
  /**
   * Tells the owner something needs them (lib/alerts: the admin lists it, email and webhook
   * carry it). `source` "sweep": the cron sweep could not advance the order; "surprise":
   * upstream did something the order did not expect (upstream-surprises.ts). Each is its own cause.
   * The detail is words (alert-notes.ts), so the admin can say it in its reader's language.
   */
  alertOwner(orderId: string, detail: AlertNote, source?: OwnerAlertSource): void;
  /**
   * The scheduler that acts on deadlines when they come (deadline-alarm.ts); the store is given
   * the same one. Absent where the scheduler reads the index itself (in process) or in tests.
   */
  alarm?: DeadlineAlarm;
  /**
   * Screening at authorization (steps/screen.ts, lib/fraud's rules): an authorized order is
   * decided before anything goes upstream. Absent, every authorized order goes on as before.
   */
  screening?: ScreeningDeps;
}
