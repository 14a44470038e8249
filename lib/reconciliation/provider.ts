// The payment provider's side, read through the stripe package's list calls as Stripe itself
// would answer them: the PaymentIntents created around the period (an intent is made when the
// buyer pays, moments after the order) and every refund made since the period began (a refund
// may come days later). Pages are walked with starting_after, a hundred at a time, and counted.
import type Stripe from "stripe";
import type { ProviderView } from "./judge";

/** How far around the period an intent is looked for: a payment page lives 30–60 minutes. */
export const INTENT_SLACK_S = 2 * 3600;
const PAGE = 100;

export type ListedIntent = ProviderView & { orderId: string | null };

export interface ProviderSide {
  intents: Map<string, ListedIntent>;
  /** Requests made to the provider. */
  calls: number;
}

interface Page<T> {
  data: T[];
  has_more: boolean;
}

/** Every item of a list, page after page; returns the number of requests made. */
async function walk<T extends { id: string }>(list: (startingAfter: string | undefined) => Promise<Page<T>>, each: (item: T) => void): Promise<number> {
  let calls = 0;
  let after: string | undefined;
  for (;;) {
    const page = await list(after);
    calls += 1;
    page.data.forEach(each);
    const last = page.data.at(-1);
    if (!page.has_more || !last) return calls;
    after = last.id;
  }
}

function refundedAmount(refund: Stripe.Refund): number {
  return refund.status === "failed" || refund.status === "canceled" ? 0 : refund.amount;
}

export async function readProviderSide(stripe: Stripe, range: { start: number; end: number }, now: number): Promise<ProviderSide> {
  const created = { gte: Math.floor(range.start / 1000) - INTENT_SLACK_S, lte: Math.floor(range.end / 1000) + INTENT_SLACK_S };
  const intents = new Map<string, ListedIntent>();
  let calls = await walk(
    (starting_after) => stripe.paymentIntents.list({ created, limit: PAGE, starting_after }),
    (intent) =>
      intents.set(intent.id, {
        paymentIntentId: intent.id,
        status: intent.status,
        received: intent.amount_received,
        refunded: 0,
        orderId: intent.metadata?.order_id ?? null,
      }),
  );
  const refundsCreated = { gte: created.gte, lte: Math.floor(now / 1000) + 60 };
  calls += await walk(
    (starting_after) => stripe.refunds.list({ created: refundsCreated, limit: PAGE, starting_after }),
    (refund) => {
      const intentId = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
      const intent = intentId ? intents.get(intentId) : undefined;
      if (intent) intent.refunded += refundedAmount(refund);
    },
  );
  return { intents, calls };
}

/** One intent the lists did not cover (made outside the window), read by id: two calls; null if unknown. */
export async function readIntentById(stripe: Stripe, id: string): Promise<ProviderView | null> {
  try {
    const intent = await stripe.paymentIntents.retrieve(id);
    const refunds = await stripe.refunds.list({ payment_intent: id, limit: PAGE });
    const refunded = refunds.data.reduce((sum, refund) => sum + refundedAmount(refund), 0);
    return { paymentIntentId: intent.id, status: intent.status, received: intent.amount_received, refunded };
  } catch (error) {
    if ((error as { code?: string }).code === "resource_missing") return null;
    throw error;
  }
}
