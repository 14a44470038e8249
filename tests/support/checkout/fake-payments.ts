// An in-memory CheckoutPayments for the checkout's unit tests: sessions, intents and idempotency
// keys as Stripe keeps them, with the buyer's actions (pay, decline, abandon) driven by the
// test. The integration tests use the payments sandbox through the stripe package instead.
import { err, ok } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import type { IntentStatus, PaymentsError, CheckoutPayments, RefundPart, SessionStatus } from "@/lib/checkout/checkout-deps";

interface FakeSession {
  id: string;
  orderId: string;
  amount: number;
  status: SessionStatus;
  expiresAt: number;
  intent: { id: string; status: IntentStatus; amountCaptured: number; refunded: number } | null;
}

export class FakePayments implements CheckoutPayments {
  readonly sessions = new Map<string, FakeSession>();
  /** Every operation by idempotency key: a repeat must not act twice. */
  readonly keys = new Map<string, number>();
  readonly calls: string[] = [];
  /** The next calls of these operations fail as if the answer was lost (after taking effect). */
  readonly loseAnswers = new Set<string>();
  /** Every capture is refused with this code (a 4xx nothing automatic will lift), while set. */
  refuseCaptures: string | null = null;
  /** The intent status a capture key first met, when it was refused. */
  private readonly captureRefusals = new Map<string, string | null>();
  /** Refund keys whose first request was refused. */
  private readonly refundRefusals = new Set<string>();
  private seq = 0;

  constructor(private readonly clock: Clock) {}

  private once(key: string): boolean {
    const seen = this.keys.get(key) ?? 0;
    this.keys.set(key, seen + 1);
    return seen === 0;
  }

  private lost(operation: string): PaymentsError | null {
    if (!this.loseAnswers.delete(operation)) return null;
    return { code: "network", message: "answer lost", mayHaveTakenEffect: true };
  }

  async openCheckout(input: { orderId: string; amount: { minor: number }; expiresAt: number }) {
    this.calls.push(`open:${input.orderId}`);
    const key = `session:${input.orderId}`;
    if (this.once(key)) {
      const id = `cs_test_${++this.seq}`;
      this.sessions.set(id, { id, orderId: input.orderId, amount: input.amount.minor, status: "open", expiresAt: input.expiresAt, intent: null });
    }
    const session = [...this.sessions.values()].find((s) => s.orderId === input.orderId);
    if (!session) throw new Error("session vanished");
    const lost = this.lost("open");
    if (lost) return err(lost);
    return ok({ sessionId: session.id, url: `https://pay.test/${session.id}`, expiresAt: session.expiresAt });
  }

  async readCheckout(sessionId: string) {
    this.calls.push(`read:${sessionId}`);
    const session = this.session(sessionId);
    if (session.status === "open" && this.clock.now() >= session.expiresAt * 1000) session.status = "expired";
    const { intent } = session;
    return ok({ session: session.status, intent: intent && { id: intent.id, status: intent.status } });
  }

  async expireCheckout(sessionId: string, orderId: string) {
    this.calls.push(`expire:${orderId}`);
    const session = this.session(sessionId);
    if (session.status === "complete") return err({ code: "session_complete", message: "already paid", mayHaveTakenEffect: false });
    session.status = "expired";
    return ok(undefined);
  }

  async capture(intentId: string, orderId: string) {
    this.calls.push(`capture:${orderId}`);
    if (this.refuseCaptures) return err({ code: this.refuseCaptures, message: "refused", mayHaveTakenEffect: false });
    const intent = this.intent(intentId);
    // Stripe keeps a key's first answer, a refusal included, and replays it for every repeat.
    if (this.once(`capture:${orderId}`)) this.captureRefusals.set(orderId, intent.status === "requires_capture" ? null : intent.status);
    const refused = this.captureRefusals.get(orderId);
    if (refused) return err({ code: "payment_intent_unexpected_state", message: refused, mayHaveTakenEffect: false });
    if (intent.status === "requires_capture") {
      intent.status = "succeeded";
      intent.amountCaptured = this.sessionOf(intentId).amount;
    }
    return this.lost("capture") ? err({ code: "network", message: "answer lost", mayHaveTakenEffect: true }) : ok(undefined);
  }

  async cancel(intentId: string, orderId: string) {
    this.calls.push(`cancel:${orderId}`);
    const intent = this.intent(intentId);
    if (this.once(`cancel:${orderId}`)) {
      if (intent.status === "succeeded") return err({ code: "payment_intent_unexpected_state", message: "captured", mayHaveTakenEffect: false });
      intent.status = "canceled";
    }
    return ok(undefined);
  }

  async refund(intentId: string, orderId: string, part?: RefundPart) {
    this.calls.push(`refund:${orderId}`);
    const intent = this.intent(intentId);
    const key = part ? `refund:${orderId}:owner-${part.requestId}` : `refund:${orderId}`;
    if (this.once(key)) {
      // Never beyond what is left, as Stripe refuses (amount_too_large, charge_already_refunded).
      const left = intent.amountCaptured - intent.refunded;
      const amount = part ? part.amount.minor : left;
      if (amount < 1 || amount > left) this.refundRefusals.add(key);
      else intent.refunded += amount;
    }
    // Stripe replays a key's first answer, a refusal included.
    if (this.refundRefusals.has(key)) return err({ code: "amount_too_large", message: "more than is left to refund", mayHaveTakenEffect: false });
    const lost = this.lost("refund");
    if (lost) return err(lost);
    return ok({ refundId: part ? `re_${intentId}_${part.requestId}` : `re_${intentId}` });
  }

  /** The buyer pays with a card that authorizes. */
  authorize(orderId: string): void {
    const session = this.byOrder(orderId);
    session.status = "complete";
    session.intent = { id: `pi_${session.id}`, status: "requires_capture", amountCaptured: 0, refunded: 0 };
  }

  /** The buyer's card is declined: the session stays open, the intent asks for another method. */
  decline(orderId: string): void {
    const session = this.byOrder(orderId);
    session.intent = { id: `pi_${session.id}`, status: "requires_payment_method", amountCaptured: 0, refunded: 0 };
  }

  byOrder(orderId: string): FakeSession {
    const session = [...this.sessions.values()].find((s) => s.orderId === orderId);
    if (!session) throw new Error(`no session for ${orderId}`);
    return session;
  }

  private session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  }

  private sessionOf(intentId: string): FakeSession {
    const session = [...this.sessions.values()].find((s) => s.intent?.id === intentId);
    if (!session) throw new Error(`no intent ${intentId}`);
    return session;
  }

  private intent(intentId: string) {
    const intent = this.sessionOf(intentId).intent;
    if (!intent) throw new Error(`no intent ${intentId}`);
    return intent;
  }
}
