// The sandbox's stored objects, in Stripe's own shapes, so an object can be answered as stored:
// every field Stripe always sends (nullable ones as null), typed by the stripe package. Extra
// bookkeeping fields are kept outside these shapes.
import type Stripe from "stripe";
import type { CardFacts } from "./card-facts";
import type { TestCard } from "./test-cards";

export type Metadata = Record<string, string>;

export interface LineItemRecord {
  name: string;
  unit_amount: number;
  quantity: number;
}

/**
 * The fields of Stripe's Checkout Session the sandbox answers, typed by the stripe package
 * itself so that tsc refuses a builder that leaves one out or gives it another type; narrowed
 * where the sandbox supports less than Stripe.
 */
export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | "id"
  | "object"
  | "amount_subtotal"
  | "amount_total"
  | "automatic_tax"
  | "cancel_url"
  | "client_reference_id"
  | "created"
  | "currency"
  | "custom_fields"
  | "custom_text"
  | "customer_email"
  | "expires_at"
  | "livemode"
  | "metadata"
  | "mode"
  | "payment_intent"
  | "payment_method_options"
  | "payment_method_types"
  | "payment_status"
  | "shipping_options"
  | "status"
  | "success_url"
  | "url"
> & {
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  livemode: false;
  metadata: Metadata;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "unpaid" | "paid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
};

export interface StoredSession {
  session: CheckoutSession;
  line_items: LineItemRecord[];
  payment_intent_data: { metadata: Metadata; description: string | null };
}

export type PaymentIntentStatus =
  | "requires_payment_method"
  | "requires_action"
  | "requires_capture"
  | "succeeded"
  | "canceled";

export interface PaymentError {
  type: "card_error";
  code: string;
  decline_code?: string;
  message: string;
  /** The failed charge, where the attempt made one. */
  charge?: string;
}

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | "id"
  | "object"
  | "amount"
  | "amount_capturable"
  | "amount_received"
  | "canceled_at"
  | "cancellation_reason"
  | "capture_method"
  | "confirmation_method"
  | "created"
  | "currency"
  | "description"
  | "latest_charge"
  | "livemode"
  | "metadata"
  | "payment_method"
  | "payment_method_options"
  | "payment_method_types"
  | "review"
  | "status"
> & {
  cancellation_reason: string | null;
  capture_method: "manual";
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  payment_method: string | null;
  review: string | null;
  status: PaymentIntentStatus;
};

export interface StoredPaymentIntent {
  intent: PaymentIntent;
  /** When an authorization lapses (ms), like a card hold; null until authorized. */
  capture_before_ms: number | null;
  amount_refunded: number;
  session_id: string | null;
  /** When the charge was made (the authorization), in seconds; absent on intents stored before charges were listed. */
  charge_created?: number;
  /** The authorized charge's facts beyond the intent's; absent on intents stored before risk was reported. */
  charge_facts?: ChargeFacts;
  /** The card waiting on 3-D Secure, while the intent requires_action. */
  pending_card?: PendingCard;
}

/** What Radar and the card network said of a charge, and what became of it after. */
export interface ChargeFacts {
  payment_method: string;
  card: CardFacts;
  outcome: Stripe.Charge.Outcome;
  three_d_secure: { result: "authenticated" | "attempt_acknowledged" } | null;
  review: string | null;
  dispute: string | null;
  early_fraud_warning: string | null;
  /** What the test card's bank does once the charge is captured. */
  after_capture: TestCard["afterCapture"];
}

/** A card waiting on the 3-D Secure screen. */
export interface PendingCard {
  card: TestCard;
  facts: CardFacts;
  payment_method: string;
}

export type PaymentMethod = Pick<Stripe.PaymentMethod, "id" | "object" | "billing_details" | "card" | "created" | "customer" | "livemode" | "metadata" | "type"> & {
  livemode: false;
  type: "card";
};

export type Review = Pick<
  Stripe.Review,
  "id" | "object" | "billing_zip" | "charge" | "closed_reason" | "created" | "ip_address" | "ip_address_location" | "livemode" | "open" | "opened_reason" | "payment_intent" | "reason" | "session"
> & { charge: string; livemode: false; payment_intent: string };

export const EVIDENCE_FIELDS = [
  "access_activity_log",
  "billing_address",
  "cancellation_policy",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "customer_communication",
  "customer_email_address",
  "customer_name",
  "customer_purchase_ip",
  "customer_signature",
  "duplicate_charge_documentation",
  "duplicate_charge_explanation",
  "duplicate_charge_id",
  "product_description",
  "receipt",
  "refund_policy",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "service_date",
  "service_documentation",
  "shipping_address",
  "shipping_carrier",
  "shipping_date",
  "shipping_documentation",
  "shipping_tracking_number",
  "uncategorized_file",
  "uncategorized_text",
] as const;

export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];

export type Dispute = Pick<
  Stripe.Dispute,
  "id" | "object" | "amount" | "balance_transactions" | "charge" | "created" | "currency" | "is_charge_refundable" | "livemode" | "metadata" | "payment_intent" | "reason" | "status"
> & {
  charge: string;
  /** Stripe's evidence fields as text (files by their id). */
  evidence: Record<EvidenceField, string | null>;
  evidence_details: Pick<Stripe.Dispute.EvidenceDetails, "due_by" | "has_evidence" | "past_due" | "submission_count">;
  livemode: false;
  metadata: Metadata;
  payment_intent: string;
};

export type EarlyFraudWarning = Pick<Stripe.Radar.EarlyFraudWarning, "id" | "object" | "actionable" | "charge" | "created" | "fraud_type" | "livemode" | "payment_intent"> & {
  charge: string;
  livemode: false;
  payment_intent: string;
};

export type Refund = Pick<Stripe.Refund, "id" | "object" | "amount" | "charge" | "created" | "currency" | "metadata" | "payment_intent" | "reason" | "status"> & {
  charge: string;
  metadata: Metadata;
  payment_intent: string;
  status: "succeeded";
};

export type Charge = Pick<
  Stripe.Charge,
  | "id"
  | "object"
  | "amount"
  | "amount_captured"
  | "amount_refunded"
  | "billing_details"
  | "captured"
  | "created"
  | "currency"
  | "description"
  | "disputed"
  | "failure_code"
  | "failure_message"
  | "livemode"
  | "metadata"
  | "outcome"
  | "paid"
  | "payment_intent"
  | "payment_method"
  | "payment_method_details"
  | "refunded"
  | "review"
  | "status"
> & { livemode: false; metadata: Metadata; payment_intent: string; review: string | null };

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: CheckoutSession | PaymentIntent | Charge | Review | Dispute | EarlyFraudWarning };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: EventType;
}

export const EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.expired",
  "payment_intent.amount_capturable_updated",
  "payment_intent.succeeded",
  "payment_intent.canceled",
  "payment_intent.payment_failed",
  "charge.refunded",
  "review.opened",
  "review.closed",
  "radar.early_fraud_warning.created",
  "charge.dispute.created",
  "charge.dispute.funds_withdrawn",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "charge.dispute.funds_reinstated",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
