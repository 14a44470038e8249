// Our side of a reconciliation: what the ledger says of one order, and the /api/revise entry it
// makes. Only orders the checkout has finished with are judged; an order still moving is the
// checkout's, and judging it mid-way would report what is merely in progress.
import { toDecimalString, toStripeAmount } from "@/lib/money";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { OrderState } from "@/lib/checkout/order-states";
import { ORDER_STATUS, type RevisePayment } from "@/lib/partner/schemas";

/** The states a reconciliation judges: the checkout's final ones. */
const JUDGED: ReadonlySet<OrderState> = new Set(["completed", "refunded", "failed"]);

export interface LedgerView {
  orderId: string;
  state: OrderState;
  /** What the buyer was to pay, in the provider's amount (Stripe minor units). */
  price: number;
  currency: string;
  paymentIntentId: string | null;
  upstreamOrderId: string | null;
  /** Upstream's status as we last recorded it. */
  upstreamStatus: number | null;
  /** What upstream charged us, as a wire decimal ("9.50"); null when it never said. */
  upstreamAmount: string | null;
  /** The status upstream should hold now (expectedUpstreamStatus). */
  expectedUpstream: SettledStatus;
  /** What the ledger says went back to the buyer, in the provider's amount. */
  refunded: number;
  test: boolean;
}

export function ledgerView(order: OrderRecord): LedgerView {
  const price = toStripeAmount(order.quote.price);
  return {
    orderId: order.id,
    state: order.state,
    price: price.ok ? price.value.amount : order.quote.price.minor,
    currency: order.quote.price.currency.toLowerCase(),
    paymentIntentId: order.payment.paymentIntentId,
    upstreamOrderId: upstreamIdOf(order),
    upstreamStatus: order.upstream.status,
    upstreamAmount: order.upstream.amountCharged ? toDecimalString(order.upstream.amountCharged) : null,
    expectedUpstream: expectedUpstreamStatus(order),
    refunded: refundedByLedger(order, price.ok ? price.value.amount : order.quote.price.minor),
    test: order.test,
  };
}

/**
 * What went back to the buyer by the ledger: the owner's refunds that Stripe confirmed, or all
 * of it for an order the checkout refunded after upstream did (refunding → refunded).
 */
function refundedByLedger(order: OrderRecord, price: number): number {
  const owners = (order.refunds ?? []).filter((refund) => refund.status === "done");
  if (owners.length > 0) {
    return owners.reduce((sum, refund) => {
      const amount = toStripeAmount(refund.amount);
      return sum + (amount.ok ? amount.value.amount : refund.amount.minor);
    }, 0);
  }
  return order.state === "refunded" ? price : 0;
}

/**
 * Upstream's id of the order: the one it recorded, else the newest one upstream named in a
 * surprise kept on it (a delivery whose answer lost its save to a release, a notification for a
 * failed order). Upstream looks orders up by its own id only, never by our ext_order_id, so
 * without this such an order could never be judged against upstream.
 */
export function upstreamIdOf(order: OrderRecord): string | null {
  if (order.upstream.orderId !== null) return order.upstream.orderId;
  return order.surprises?.findLast((surprise) => surprise.upstreamOrderId !== null)?.upstreamOrderId ?? null;
}

export function isJudged(order: OrderRecord): boolean {
  return JUDGED.has(order.state);
}

/** The statuses a judged order can end in upstream: delivered (2) or failed (3). */
type SettledStatus = typeof ORDER_STATUS.success | typeof ORDER_STATUS.error;

/**
 * The status upstream should hold for a judged order: 2 while it stands delivered, which a
 * refund the shop itself gave does not change (upstream keeps what it was paid for the code);
 * 3 when it failed, or when it was refunded because upstream refunded it.
 */
export function expectedUpstreamStatus(order: Pick<OrderRecord, "state" | "reason">): SettledStatus {
  if (order.state === "completed") return ORDER_STATUS.success;
  return order.state === "refunded" && order.reason === "refunded_by_shop" ? ORDER_STATUS.success : ORDER_STATUS.error;
}

/**
 * The order as a /api/revise payment (spec 2.7), or null when upstream never had it (failed
 * before it was placed). Its time is when the order reached its state, by our clock.
 */
export function revisePayment(order: OrderRecord): RevisePayment | null {
  const orderId = upstreamIdOf(order);
  if (orderId === null) return null;
  const reachedAt = order.events.findLast((event) => event.to === order.state)?.at ?? order.updatedAt;
  const amount = order.upstream.amountCharged ?? order.quote.cost;
  return {
    order_id: orderId,
    amount: Number(toDecimalString(amount)),
    status: expectedUpstreamStatus(order),
    transaction_time: partnerTime(reachedAt),
  };
}

/** DD.MM.YYYY HH:MM:SS in UTC, the spec's own example format. */
export function partnerTime(at: number): string {
  const iso = new Date(at).toISOString();
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}
