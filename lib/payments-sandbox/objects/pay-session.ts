// What the hosted payment page does when the buyer presses Pay (and, where 3-D Secure is asked
// for, approves or fails the second screen): Radar's verdict on the card, then authorize the
// session's PaymentIntent or record the refusal on a failed charge, with Stripe's events.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import type { Commit } from "../store";
import { emitEvent, pendingEvent } from "../webhooks/emit-event";
import { cardFacts } from "./card-facts";
import { failedCharge } from "./charge";
import { storeCreated } from "./list-index";
import { newPaymentMethod } from "./payment-methods";
import { radarVerdict, type RadarVerdict } from "./radar";
import type { ChargeFacts, PaymentError, PendingCard, StoredPaymentIntent, StoredSession } from "./records";
import { openReview } from "./reviews";
import { expiredIfDue } from "./sessions";
import { storeAuthorization, type Unstored } from "./store-authorized";
import { cardBehaviour } from "./test-cards";

export type PayOutcome =
  | { kind: "authorized"; redirectTo: string }
  | { kind: "authenticate" }
  | { kind: "declined"; message: string };

/** What a step of Pay returns to the session's locked update (store.update). */
interface PayStep {
  stored: StoredSession;
  outcome: PayOutcome;
  /** Writes the session with what the step changed, in one KV write (authorize). */
  commit?: Commit;
}

/** What Stripe says to the buyer when Radar blocks the payment: no more than a decline. */
const BLOCKED: PaymentError = { type: "card_error", code: "card_declined", decline_code: "fraudulent", message: "Your card was declined." };

export async function paySession(context: SandboxContext, sessionId: string, cardNumber: string, expiry = ""): Promise<Result<PayOutcome, string>> {
  const typed = cardBehaviour(cardNumber);
  if (typed.kind === "invalid") return ok({ kind: "declined", message: typed.message });
  const { card } = typed;
  return withOpenSession(context, sessionId, async (stored) => {
    const { intent, created } = await intentFor(context, stored);
    const facts = cardFacts(card.digits, expiry, new Date(context.clock.now()).getUTCFullYear());
    const method = newPaymentMethod(context, facts);
    const unstored: Unstored = { intent: created ? intent : null, method };
    const attempt: PendingCard = { card, facts, payment_method: method.id };
    const withItsIntent = withIntent(stored, intent.intent.id);
    const verdict = radarVerdict(card, context.config.blockHighestRisk);
    // Radar decides before 3-D Secure: a blocked card never reaches the challenge.
    if (verdict.kind === "blocked" || verdict.kind === "declined") {
      await storeTried(context, unstored);
      return { stored: withItsIntent, outcome: await refuse(context, intent, attempt, verdict) };
    }
    if (card.requiresAuthentication || asksForChallenge(stored)) {
      await storeTried(context, unstored);
      await context.store.write("pi", intent.intent.id, { ...intent, intent: { ...intent.intent, status: "requires_action" }, pending_card: attempt });
      return { stored: withItsIntent, outcome: { kind: "authenticate" } };
    }
    return authorize(context, stored, intent, attempt, verdict, null, unstored);
  });
}

/** `request_three_d_secure` 'any' or 'challenge' asks every card; 'automatic' only those that require it. */
function asksForChallenge(stored: StoredSession): boolean {
  const requested = stored.session.payment_method_options?.card?.request_three_d_secure;
  return requested === "any" || requested === "challenge";
}

/** The second screen of 3-D Secure: the buyer approves or fails the challenge. */
export async function authenticateSession(context: SandboxContext, sessionId: string, approve: boolean): Promise<Result<PayOutcome, string>> {
  return withOpenSession(context, sessionId, async (stored) => {
    // A new intent is left unstored: with no attempt waiting there is nothing to approve.
    const { intent } = await intentFor(context, stored);
    const attempt = intent.pending_card;
    if (intent.intent.status !== "requires_action" || !attempt) return { stored, outcome: { kind: "declined", message: "There is no payment waiting for approval." } };
    const { pending_card: _done, ...rest } = intent;
    void _done;
    if (approve) {
      const verdict = radarVerdict(attempt.card, context.config.blockHighestRisk);
      if (verdict.kind === "blocked" || verdict.kind === "declined") return { stored, outcome: await refuse(context, rest, attempt, verdict) };
      return authorize(context, stored, rest, attempt, verdict, { result: "authenticated" }, { intent: null, method: null });
    }
    const outcome = await decline(context, rest, {
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
  step: (stored: StoredSession) => Promise<PayStep>,
): Promise<Result<PayOutcome, string>> {
  // The deadline is applied under the lock rather than by a read before it: the page has just
  // read the session (page-request.ts), and a third read bought nothing (docs/architecture-decisions.md item 278).
  const result = await context.store.update<"cs", Result<PayOutcome, string>>("cs", sessionId, async (current) => {
    const expired = await expiredIfDue(context, current);
    if (expired) return { next: expired, result: err(`This checkout session is ${expired.session.status}.`) };
    if (current.session.status !== "open") return { result: err(`This checkout session is ${current.session.status}.`) };
    const { stored, outcome, commit } = await step(current);
    return { next: stored, result: ok(outcome), commit };
  });
  return result ?? err("This payment page does not exist.");
}

function withIntent(stored: StoredSession, intentId: string): StoredSession {
  return { ...stored, session: { ...stored.session, payment_intent: intentId } };
}

/** The session's intent, or a new one (`created`), not yet stored. */
async function intentFor(context: SandboxContext, stored: StoredSession): Promise<{ intent: StoredPaymentIntent; created: boolean }> {
  const existing = stored.session.payment_intent ? await context.store.read("pi", stored.session.payment_intent) : null;
  if (existing) return { intent: existing, created: false };
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
      payment_method_options: intentCardOptions(session),
      payment_method_types: ["card"],
      review: null,
      status: "requires_payment_method",
    },
    capture_before_ms: null,
    amount_refunded: 0,
    session_id: session.id,
  };
  return { intent: created, created: true };
}

/** An attempt that is not authorized stores its new intent and its method first, in that order. */
async function storeTried(context: SandboxContext, { intent, method }: Unstored): Promise<void> {
  if (intent) await storeCreated(context, "pi", intent.intent.id, intent, intent.intent.created);
  if (method) await context.store.write("pm", method.id, method);
}

async function decline(context: SandboxContext, intent: StoredPaymentIntent, error: PaymentError): Promise<PayOutcome> {
  const next: StoredPaymentIntent = { ...intent, intent: { ...intent.intent, status: "requires_payment_method", last_payment_error: error, payment_method: null } };
  await context.store.write("pi", next.intent.id, next);
  await emitEvent(context, "payment_intent.payment_failed", next.intent);
  return { kind: "declined", message: error.message };
}

/** A payment Radar blocked or the issuer declined: a failed charge carries the outcome. */
async function refuse(
  context: SandboxContext,
  intent: StoredPaymentIntent,
  attempt: PendingCard,
  verdict: Extract<RadarVerdict, { kind: "blocked" | "declined" }>,
): Promise<PayOutcome> {
  const error: PaymentError = verdict.kind === "blocked" || !attempt.card.decline ? BLOCKED : { type: "card_error", ...attempt.card.decline };
  const created = unixSeconds(context.clock);
  const charge = failedCharge(intent.intent, context.ids("ch"), created, { payment_method: attempt.payment_method, card: attempt.facts, outcome: verdict.outcome }, error);
  await storeCreated(context, "ch", charge.id, charge, created, intent.intent.id);
  return decline(context, intent, { ...error, charge: charge.id });
}

async function authorize(
  context: SandboxContext,
  stored: StoredSession,
  intent: StoredPaymentIntent,
  attempt: PendingCard,
  verdict: Extract<RadarVerdict, { kind: "review" | "authorized" }>,
  threeDSecure: ChargeFacts["three_d_secure"],
  unstored: Unstored,
): Promise<PayStep> {
  const chargeId = context.ids("ch");
  // A review is stored and announced before the authorization, so the intent it names is stored first.
  if (verdict.kind === "review") await storeTried(context, unstored);
  const review = verdict.kind === "review" ? await openReview(context, chargeId, intent.intent.id) : null;
  const fresh = verdict.kind === "review" ? { intent: null, method: null } : unstored;
  const authorized: StoredPaymentIntent = {
    ...intent,
    intent: {
      ...intent.intent,
      status: "requires_capture",
      amount_capturable: intent.intent.amount,
      last_payment_error: null,
      latest_charge: chargeId,
      payment_method: attempt.payment_method,
      review: review?.id ?? null,
    },
    capture_before_ms: context.clock.now() + context.config.authLapseMs,
    charge_created: unixSeconds(context.clock),
    charge_facts: {
      payment_method: attempt.payment_method,
      card: attempt.facts,
      outcome: verdict.outcome,
      three_d_secure: threeDSecure,
      review: review?.id ?? null,
      dispute: null,
      early_fraud_warning: null,
      after_capture: attempt.card.afterCapture,
    },
  };
  // Stripe sends a session's url only while it is open.
  const session = { ...stored.session, payment_intent: authorized.intent.id, status: "complete" as const, url: null };
  const events = [pendingEvent(context, "payment_intent.amount_capturable_updated", authorized.intent), pendingEvent(context, "checkout.session.completed", session)] as const;
  const redirectTo = session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
  return { stored: { ...stored, session }, outcome: { kind: "authorized", redirectTo }, commit: (unlock) => storeAuthorization(context, unlock, authorized, fresh, events) };
}

/** The session's 3-D Secure request, carried onto its intent as Stripe does. */
function intentCardOptions(session: StoredSession["session"]): StoredPaymentIntent["intent"]["payment_method_options"] {
  const requested = session.payment_method_options?.card?.request_three_d_secure;
  return requested ? { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: requested } } : {};
}
