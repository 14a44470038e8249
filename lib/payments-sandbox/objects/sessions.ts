// Checkout Sessions in payment mode: create, retrieve, expire. A session past its expires_at is
// expired when it is next read, with its checkout.session.expired event, as Stripe does within
// minutes of the deadline.
import { err, ok, type Result } from "@/lib/result";
import { unixSeconds } from "../clock-ids";
import type { SandboxContext } from "../context";
import type { CreateSessionParams } from "../http/param-schemas";
import { invalidRequest, resourceMissing, type StripeError } from "../stripe-error";
import { emitEvent } from "../webhooks/emit-event";
import { storeCreated } from "./list-index";
import type { CheckoutSession, StoredSession } from "./records";

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

export function payPageUrl(context: SandboxContext, sessionId: string): string {
  return `${context.config.baseUrl}/pay/${sessionId}`;
}

export async function createSession(context: SandboxContext, params: CreateSessionParams): Promise<Result<CheckoutSession, StripeError>> {
  const created = unixSeconds(context.clock);
  const expiresAt = params.expires_at ?? created + MAX_EXPIRY_S;
  if (expiresAt < created + MIN_EXPIRY_S) {
    return err(invalidRequest("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", { param: "expires_at" }));
  }
  if (expiresAt > created + MAX_EXPIRY_S) {
    return err(invalidRequest("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", { param: "expires_at" }));
  }
  const currencies = new Set(params.line_items.map((item) => item.price_data.currency));
  const [currency] = currencies;
  if (currencies.size !== 1 || !currency) {
    return err(invalidRequest("All line items must use the same currency.", { param: "line_items" }));
  }
  if (params.payment_intent_data?.capture_method !== "manual") {
    return err(
      invalidRequest("This sandbox authorizes only: pass payment_intent_data[capture_method]=manual.", {
        param: "payment_intent_data[capture_method]",
      }),
    );
  }
  const amount = params.line_items.reduce((sum, item) => sum + item.price_data.unit_amount * item.quantity, 0);
  if (!Number.isSafeInteger(amount)) return err(invalidRequest("The total amount is too large.", { param: "line_items" }));

  const id = context.ids("cs_test");
  const session: CheckoutSession = {
    id,
    object: "checkout.session",
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created,
    currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_email: params.customer_email ?? null,
    expires_at: expiresAt,
    livemode: false,
    metadata: params.metadata,
    mode: "payment",
    payment_intent: null,
    payment_method_options: params.payment_method_options?.card?.request_three_d_secure
      ? { card: { request_three_d_secure: params.payment_method_options.card.request_three_d_secure } }
      : {},
    payment_method_types: ["card"],
    payment_status: "unpaid",
    shipping_options: [],
    status: "open",
    success_url: params.success_url,
    url: payPageUrl(context, id),
  };
  const stored: StoredSession = {
    session,
    line_items: params.line_items.map((item) => ({
      name: item.price_data.product_data.name,
      unit_amount: item.price_data.unit_amount,
      quantity: item.quantity,
    })),
    payment_intent_data: {
      metadata: params.payment_intent_data.metadata,
      description: params.payment_intent_data.description ?? null,
    },
  };
  await storeCreated(context, "cs", id, stored, created);
  return ok(session);
}

export async function readSession(context: SandboxContext, id: string): Promise<Result<StoredSession, StripeError>> {
  const stored = await context.store.read("cs", id);
  if (!stored) return err(resourceMissing("checkout.session", id, "session"));
  if (!isPastDeadline(context, stored)) return ok(stored);
  const updated = await context.store.update("cs", id, async (current) =>
    isPastDeadline(context, current) ? toExpired(context, current, null) : { result: current },
  );
  return updated ? ok(updated) : err(resourceMissing("checkout.session", id, "session"));
}

/**
 * For a step that holds the session's lock (store.update): the session expired, with its
 * events, when it is open past its deadline, as readSession would leave it; null otherwise.
 */
export async function expiredIfDue(context: SandboxContext, current: StoredSession): Promise<StoredSession | null> {
  return isPastDeadline(context, current) ? (await toExpired(context, current, null)).next : null;
}

function isPastDeadline(context: SandboxContext, stored: StoredSession): boolean {
  return stored.session.status === "open" && unixSeconds(context.clock) >= stored.session.expires_at;
}

async function toExpired(
  context: SandboxContext,
  current: StoredSession,
  idempotencyKey: string | null,
): Promise<{ next: StoredSession; result: StoredSession }> {
  const next: StoredSession = { ...current, session: { ...current.session, status: "expired", url: null } };
  // An intent left by a declined attempt, or by an approval never finished, is canceled with
  // its session, as Stripe does.
  const intentId = current.session.payment_intent;
  if (intentId) {
    await context.store.update("pi", intentId, async (intent) => {
      if (intent.intent.status !== "requires_payment_method" && intent.intent.status !== "requires_action") return { result: null };
      const canceledIntent = {
        ...intent,
        intent: { ...intent.intent, status: "canceled" as const, cancellation_reason: "abandoned", canceled_at: unixSeconds(context.clock) },
      };
      await emitEvent(context, "payment_intent.canceled", canceledIntent.intent, idempotencyKey);
      return { next: canceledIntent, result: null };
    });
  }
  await emitEvent(context, "checkout.session.expired", next.session, idempotencyKey);
  return { next, result: next };
}

export async function expireSession(
  context: SandboxContext,
  id: string,
  idempotencyKey: string | null,
): Promise<Result<CheckoutSession, StripeError>> {
  const read = await readSession(context, id);
  if (!read.ok) return read;
  const result = await context.store.update("cs", id, async (current): Promise<{ next?: StoredSession; result: Result<CheckoutSession, StripeError> }> => {
    if (current.session.status !== "open") {
      return {
        result: err(
          invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${current.session.status}".`),
        ),
      };
    }
    const { next } = await toExpired(context, current, idempotencyKey);
    return { next, result: ok(next.session) };
  });
  return result ?? err(resourceMissing("checkout.session", id, "session"));
}
