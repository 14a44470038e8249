// What the hosted payment page does when the buyer presses Pay (and, for the 3-D Secure test
// card, approves or fails the second screen): authorize the session's PaymentIntent, or record
// the decline, with the events Stripe sends for each.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import { emitEvent } from "../webhooks/emit-event";
import type { PaymentError, StoredPaymentIntent, StoredSession } from "./records";
import { indexCreated } from "./list-index";
import { readSession } from "./sessions";
import { cardBehaviour } from "./test-cards";

export type PayOutcome =
  | { kind: "authorized"; redirectTo: string }
  | { kind: "authenticate" }
  | { kind: "declined"; message: string };

export async function paySession(context: SandboxContext, sessionId: string, cardNumber: string): Promise<Result<PayOutcome, string>> {
  const card = cardBehaviour(cardNumber);
  if (card.kind === "invalid") return ok({ kind: "declined", message: card.message });
  return withOpenSession(context, sessionId, async (stored) => {
    const intent = await intentFor(context, stored);
    if (card.kind === "authenticate") {
      await context.store.write("pi", intent.intent.id, { ...intent, intent: { ...intent.intent, status: "requires_action" } });
      return { stored: withIntent(stored, intent.intent.id), outcome: { kind: "authenticate" } };
    }
    if (card.kind === "decline") {
      const { kind: _kind, ...error } = card;
      void _kind;
      return { stored: withIntent(stored, intent.intent.id), outcome: await decline(context, intent, { type: "card_error", ...error }) };
    }
    return authorize(context, stored, intent);
  });
}

/** The second screen of the 3-D Secure test card: the buyer approves or fails the challenge. */
export async function authenticateSession(context: SandboxContext, sessionId: string, approve: boolean): Promise<Result<PayOutcome, string>> {
  return withOpenSession(context, sessionId, async (stored) => {
    const intent = await intentFor(context, stored);
    if (intent.intent.status !== "requires_action") return { stored, outcome: { kind: "declined", message: "There is no payment waiting for approval." } };
    if (approve) return authorize(context, stored, intent);
    const outcome = await decline(context, intent, {
      type: "card_error",
      code: "payment_intent_authentication_failure",
      message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    });
    return { stored, outcome };
  });
}

async function withOpenSession(
  context: SandboxContext,
  sessionId: string,
  step: (stored: StoredSession) => Promise<{ stored: StoredSession; outcome: PayOutcome }>,
): Promise<Result<PayOutcome, string>> {
  const read = await readSession(context, sessionId);
  if (!read.ok) return err("This payment page does not exist.");
  const result = await context.store.update<"cs", Result<PayOutcome, string>>("cs", sessionId, async (current) => {
    if (current.session.status !== "open") return { result: err(`This checkout session is ${current.session.status}.`) };
    const { stored, outcome } = await step(current);
    return { next: stored, result: ok(outcome) };
  });
  return result ?? err("This payment page does not exist.");
}

function withIntent(stored: StoredSession, intentId: string): StoredSession {
  return { ...stored, session: { ...stored.session, payment_intent: intentId } };
}

async function intentFor(context: SandboxContext, stored: StoredSession): Promise<StoredPaymentIntent> {
  const existing = stored.session.payment_intent ? await context.store.read("pi", stored.session.payment_intent) : null;
  if (existing) return existing;
  const { session } = stored;
  const created: StoredPaymentIntent = {
    intent: {
      id: context.ids("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: "manual",
      confirmation_method: "automatic",
      created: unixSeconds(context.clock),
      currency: session.currency,
      description: stored.payment_intent_data.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: stored.payment_intent_data.metadata,
      payment_method: null,
      payment_method_options: {},
      payment_method_types: ["card"],
      status: "requires_payment_method",
    },
    capture_before_ms: null,
    amount_refunded: 0,
    session_id: session.id,
  };
  await context.store.write("pi", created.intent.id, created);
  await indexCreated(context, "pi", created.intent.id, created.intent.created);
  return created;
}

async function decline(context: SandboxContext, intent: StoredPaymentIntent, error: PaymentError): Promise<PayOutcome> {
  const next: StoredPaymentIntent = { ...intent, intent: { ...intent.intent, status: "requires_payment_method", last_payment_error: error } };
  await context.store.write("pi", next.intent.id, next);
  await emitEvent(context, "payment_intent.payment_failed", next.intent);
  return { kind: "declined", message: error.message };
}

async function authorize(
  context: SandboxContext,
  stored: StoredSession,
  intent: StoredPaymentIntent,
): Promise<{ stored: StoredSession; outcome: PayOutcome }> {
  const authorized: StoredPaymentIntent = {
    ...intent,
    intent: {
      ...intent.intent,
      status: "requires_capture",
      amount_capturable: intent.intent.amount,
      last_payment_error: null,
      latest_charge: context.ids("ch"),
    },
    capture_before_ms: context.clock.now() + context.config.authLapseMs,
    charge_created: unixSeconds(context.clock),
  };
  await context.store.write("pi", authorized.intent.id, authorized);
  await indexCreated(context, "ch", authorized.intent.latest_charge ?? "", authorized.charge_created ?? 0);
  // Refunds may name the charge rather than the intent.
  await context.store.kv.set(context.store.key("charge", authorized.intent.latest_charge ?? ""), authorized.intent.id);
  // Stripe sends a session's url only while it is open.
  const session = { ...stored.session, payment_intent: authorized.intent.id, status: "complete" as const, url: null };
  await emitEvent(context, "payment_intent.amount_capturable_updated", authorized.intent);
  await emitEvent(context, "checkout.session.completed", session);
  const redirectTo = session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
  return { stored: { ...stored, session }, outcome: { kind: "authorized", redirectTo } };
}
