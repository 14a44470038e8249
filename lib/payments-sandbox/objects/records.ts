// The sandbox's stored objects, in Stripe's own shapes for the fields the shop uses, so an
// object can be answered as stored. Extra bookkeeping fields are kept outside these shapes.
export type Metadata = Record<string, string>;

export interface LineItemRecord {
  name: string;
  unit_amount: number;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Metadata;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "unpaid" | "paid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  url: string | null;
}

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
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "manual";
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  status: PaymentIntentStatus;
}

export interface StoredPaymentIntent {
  intent: PaymentIntent;
  /** When an authorization lapses (ms), like a card hold; null until authorized. */
  capture_before_ms: number | null;
  amount_refunded: number;
  session_id: string | null;
  /** When the charge was made (the authorization), in seconds; absent on intents stored before charges were listed. */
  charge_created?: number;
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: CheckoutSession | PaymentIntent | Charge };
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
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
