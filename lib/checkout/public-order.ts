// The order as its buyer may see it (GET /api/orders/{id} and the order page): status in words,
// what happened to their money, and the code — opened from the vault only once the payment is taken.
// Nothing upstream-internal (our cost, upstream ids, error texts) leaves through here.
import { formatMoney, type Money } from "@/lib/money";
import type { CodeVault } from "./code-vault";
import type { OrderReason, OrderRecord } from "./order-record";
import { isSettled, type OrderState } from "./order-states";
import { refunded } from "./owner-actions/refund-ledger";

export type MoneyState = "not_charged" | "held" | "charged" | "partly_refunded" | "refunded";

export interface PublicOrder {
  order_id: string;
  status: OrderState;
  status_text: string;
  final: boolean;
  product: string;
  price: Money;
  money: MoneyState;
  money_text: string;
  /** What has been given back to the buyer (partly_refunded, refunded); null while nothing has. */
  refunded: Money | null;
  /** Where to pay, while the payment page is open. */
  payment_url: string | null;
  /** Why an order did not complete, in words, and as a code (for a page in another language). */
  reason: string | null;
  reason_code: OrderReason | null;
  delivery: { code: string | null; code_2: string | null; expires_at: string | null; activation: "wait" | boolean | null } | null;
  /**
   * Each state the order entered, in words, with when (ISO 8601), and each partial refund of the
   * owner's (the order stays completed through one: its amount says what came back).
   */
  history: { status: OrderState | "partly_refunded"; text: string; at: string; amount?: Money }[];
  /** A test order (demo, or PARTNER_TEST_MODE): nothing real was bought or charged. */
  test: boolean;
  /** The code's automatic activation failed and may be tried again (POST …/activation). */
  activation_retry: boolean;
  /** The shop is checking the order (held for review): no code until it is approved. */
  checking: boolean;
}

const STATUS_TEXT: Record<OrderState, string> = {
  created: "Placing your order",
  reserved: "Reserved for you",
  awaiting_payment: "Waiting for your payment",
  authorized: "Payment approved, getting your order",
  fulfilling: "Your order is on its way",
  delivered: "Delivered, taking your payment",
  completed: "Delivered",
  releasing: "Cancelling",
  failed: "Not completed",
  refunding: "Refunding",
  refunded: "Refunded",
};

/** The same states as steps already taken, for the order's history. */
const STEP_TEXT: Record<OrderState, string> = {
  created: "Order placed",
  reserved: "Reserved with the supplier",
  awaiting_payment: "Payment page opened",
  authorized: "Payment approved (held, not yet taken)",
  fulfilling: "Sent to the supplier",
  delivered: "Delivered by the supplier",
  completed: "Payment taken",
  releasing: "Cancelling",
  failed: "Closed without charge",
  refunding: "Refund started",
  refunded: "Refunded",
};

const REASON_TEXT: Record<OrderReason, string> = {
  payment_declined: "Your payment was declined.",
  payment_expired: "The payment was not completed in time.",
  price_changed: "The price changed before we could reserve it; please order again at the new price.",
  unavailable: "This item is not available right now.",
  reservation_expired: "We could not complete the order while your item was reserved.",
  confirmation_refused: "The supplier could not complete the order.",
  upstream_failed: "The supplier could not complete the order.",
  refunded_upstream: "The supplier refunded this order.",
  cancelled_by_shop: "The shop cancelled this order.",
  refunded_by_shop: "The shop refunded this order.",
  // Said without the signals behind it: they are the shop's, and would teach a fraudster.
  blocked_by_screening: "We could not accept this payment. You have not been charged.",
  rejected_in_review: "We could not accept this order after checking it. You have not been charged.",
};

const CHECKING_TEXT = "We are checking your order; you are charged, and your code appears here, only once it goes ahead.";

const MONEY_TEXT: Record<MoneyState, string> = {
  not_charged: "You have not been charged.",
  held: "Your payment is approved and held; you are charged only when your order is delivered.",
  charged: "You have been charged.",
  partly_refunded: "You have been charged; part of your payment has been refunded.",
  refunded: "Your payment has been refunded.",
};

function history(order: OrderRecord): PublicOrder["history"] {
  const states = order.events.flatMap((e) => (e.to ? [{ status: e.to, text: STEP_TEXT[e.to], at: e.at }] : []));
  const parts = (order.refunds ?? [])
    .filter((entry) => entry.kind === "part" && entry.status === "done")
    .map((entry) => ({ status: "partly_refunded" as const, text: `Refunded ${formatMoney(entry.amount, "en")}`, at: entry.at, amount: entry.amount }));
  return [...states, ...parts].sort((a, b) => a.at - b.at).map((step) => ({ ...step, at: new Date(step.at).toISOString() }));
}

export function publicOrder(order: OrderRecord, vault: CodeVault): PublicOrder {
  const money = moneyState(order);
  const given = refunded(order);
  // The code is the buyer's once their money is taken, not while it is only held: a capture
  // that then fails (an authorization cancelled or lapsed) must not have given a code away.
  // The capture follows delivery in the same run, so a buyer waits no longer for it.
  const delivered = order.state === "completed";
  const checking = isChecking(order);
  return {
    order_id: order.id,
    status: order.state,
    status_text: checking ? CHECKING_TEXT : STATUS_TEXT[order.state],
    final: isSettled(order.state),
    product: productName(order),
    price: order.quote.price,
    money,
    money_text: money === "partly_refunded" ? `You have been charged; ${formatMoney(given, "en")} of your payment has been refunded.` : MONEY_TEXT[money],
    refunded: given.minor > 0 ? given : null,
    payment_url: order.state === "awaiting_payment" ? order.payment.url : null,
    reason: order.reason ? REASON_TEXT[order.reason] : null,
    reason_code: order.reason,
    delivery: delivered
      ? {
          code: open(vault, order.delivery.code, order.id),
          code_2: open(vault, order.delivery.code2, order.id),
          expires_at: order.delivery.expiresAt,
          // Only an activation the buyer asked for is theirs to read about.
          activation: order.activation ? order.delivery.activation : null,
        }
      : null,
    history: history(order),
    test: order.test,
    activation_retry: canRetryActivation(order),
    checking,
  };
}

/** Held for the owner's review: authorized, nothing sent upstream, nothing taken. */
export function isChecking(order: OrderRecord): boolean {
  return order.state === "authorized" && order.review?.status === "pending";
}

function moneyState(order: OrderRecord): MoneyState {
  switch (order.state) {
    case "completed":
      // A partial refund of the owner's: the buyer keeps the code and got some money back.
      return refunded(order).minor > 0 ? "partly_refunded" : "charged";
    case "refunding":
      return "charged";
    case "refunded":
      return "refunded";
    case "authorized":
    case "fulfilling":
    case "delivered":
      return "held";
    case "releasing":
      return order.payment.authorizedAt === null ? "not_charged" : "held";
    default:
      return "not_charged";
  }
}

function open(vault: CodeVault, sealed: string | null, orderId: string): string | null {
  if (sealed === null) return null;
  const opened = vault.open(sealed, orderId);
  return opened.ok ? opened.value : null;
}

/** Delivered, activation asked for, and upstream said it did not happen. */
export function canRetryActivation(order: OrderRecord): boolean {
  return (
    (order.state === "completed" || order.state === "delivered") &&
    order.activation &&
    order.delivery.activation === false &&
    order.upstream.orderId !== null
  );
}

/** "Mythic Realms Diamonds: 86 Diamonds"; a name that already says the game stays as it is. */
export function productName(order: OrderRecord): string {
  const { item } = order;
  if (item.kind !== "voucher" || !item.gameName || item.name.toLowerCase().includes(item.gameName.toLowerCase())) return item.name;
  return `${item.gameName}: ${item.name}`;
}
