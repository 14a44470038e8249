// The three-way check of one order: what the ledger says, what the payment provider took and
// gave back, and what upstream holds. Every disagreement is a row naming each side's word and
// the action that settles it. Only one action is automatic: a completed order that upstream
// refunded is woken, and the checkout's own path (completed → refunding → refunded) refunds
// the buyer. Everything else needs a person, so its action is "review" on the order's page.
import { isDelivered } from "@/lib/checkout/upstream-facts";
import { ORDER_STATUS } from "@/lib/partner/schemas";
import type { LedgerView } from "./ledger";

export interface ProviderView {
  paymentIntentId: string;
  status: string;
  /** Captured, in the provider's minor units. */
  received: number;
  refunded: number;
}

export interface UpstreamView {
  /** Upstream's status; null when upstream does not know the order. */
  status: number | null;
  /** What upstream charged, when it said (a wire decimal). */
  amount: string | null;
}

export const MISMATCH_KINDS = [
  "upstream_refunded",
  "upstream_missing",
  "upstream_delivered",
  "upstream_amount",
  "not_captured",
  "refunded_at_provider",
  "refund_missing",
  "charged_for_failed",
  "provider_only",
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

/** wake: advance the order so the checkout acts; review: a person decides, on the order page. */
export type SettleAction = "wake" | "review";

export interface MismatchRow {
  /** Unique within a run: the order id, or the PaymentIntent's for a payment with no order. */
  key: string;
  kind: MismatchKind;
  orderId: string | null;
  ledger: { state: string; price: number; currency: string; upstreamStatus: number | null } | null;
  provider: ProviderView | null;
  upstream: UpstreamView | null;
  action: SettleAction;
}

export function judgeOrder(ledger: LedgerView, provider: ProviderView | null, upstream: UpstreamView | null): MismatchRow[] {
  const rows: MismatchRow[] = [];
  const row = (kind: MismatchKind, action: SettleAction = "review") =>
    rows.push({
      key: `${ledger.orderId}:${kind}`,
      kind,
      orderId: ledger.orderId,
      ledger: { state: ledger.state, price: ledger.price, currency: ledger.currency, upstreamStatus: ledger.upstreamStatus },
      provider,
      upstream,
      action,
    });

  if (upstream && ledger.upstreamOrderId !== null) {
    const expected = ledger.expectedUpstream;
    if (upstream.status === null) row("upstream_missing");
    // Only a completed order has a step that acts on upstream's refund (completed → refunding).
    else if (expected === ORDER_STATUS.success && upstream.status === ORDER_STATUS.error) row("upstream_refunded", ledger.state === "completed" ? "wake" : "review");
    else if (expected === ORDER_STATUS.error && isDelivered(upstream.status)) row("upstream_delivered");
    else if (upstream.amount !== null && ledger.upstreamAmount !== null && Number(upstream.amount) !== Number(ledger.upstreamAmount)) {
      row("upstream_amount");
    }
  }

  const received = provider?.received ?? 0;
  const refunded = provider?.refunded ?? 0;
  switch (ledger.state) {
    case "completed":
      // The owner's partial refunds are the ledger's too: only a difference is a mismatch.
      if (provider === null || provider.status !== "succeeded" || received !== ledger.price) row("not_captured");
      else if (refunded > ledger.refunded) row("refunded_at_provider");
      else if (refunded < ledger.refunded) row("refund_missing");
      break;
    case "refunded":
      if (refunded < received || received === 0) row("refund_missing");
      break;
    case "failed":
      if (received > refunded) row("charged_for_failed");
      break;
  }
  return rows;
}

/** A captured payment the provider lists for the period whose order our ledger does not have. */
export function providerOnly(provider: ProviderView, orderId: string | null): MismatchRow {
  return { key: `${provider.paymentIntentId}:provider_only`, kind: "provider_only", orderId, ledger: null, provider, upstream: null, action: "review" };
}
