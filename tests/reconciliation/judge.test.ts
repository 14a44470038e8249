// The three-way judgement of one order, side by side: what each combination of ledger,
// provider and upstream is called and how it is settled. The owner's own refunds are the
// ledger's word too, so they are no mismatch.
import { describe, expect, it } from "vitest";
import { judgeOrder, type ProviderView, type UpstreamView } from "@/lib/reconciliation/judge";
import type { LedgerView } from "@/lib/reconciliation/ledger";

const ledger = (over: Partial<LedgerView> = {}): LedgerView => ({
  orderId: "01JABCDEFGHJKMNPQRSTVWXYZ0",
  state: "completed",
  price: 1100,
  currency: "usd",
  paymentIntentId: "pi_1",
  upstreamOrderId: "555",
  upstreamStatus: 2,
  upstreamAmount: "9.50",
  expectedUpstream: 2,
  refunded: 0,
  test: false,
  ...over,
});
const paid = (over: Partial<ProviderView> = {}): ProviderView => ({ paymentIntentId: "pi_1", status: "succeeded", received: 1100, refunded: 0, ...over });
const upstream = (status: number | null, amount: string | null = "9.5"): UpstreamView => ({ status, amount });
const kinds = (rows: ReturnType<typeof judgeOrder>) => rows.map((row) => `${row.kind}:${row.action}`);

describe("judging one order three ways", () => {
  it("finds nothing when all three agree, including the owner's partial refund", () => {
    expect(judgeOrder(ledger(), paid(), upstream(2))).toEqual([]);
    expect(judgeOrder(ledger({ refunded: 300 }), paid({ refunded: 300 }), upstream(2))).toEqual([]);
    expect(judgeOrder(ledger({ state: "refunded", expectedUpstream: 3, refunded: 1100 }), paid({ refunded: 1100 }), upstream(3))).toEqual([]);
    expect(judgeOrder(ledger({ state: "failed", expectedUpstream: 3 }), paid({ status: "canceled", received: 0 }), upstream(3))).toEqual([]);
  });

  it("wakes a completed order upstream refunded; anything else is for a person", () => {
    expect(kinds(judgeOrder(ledger(), paid(), upstream(3)))).toEqual(["upstream_refunded:wake"]);
    expect(kinds(judgeOrder(ledger({ state: "refunded", expectedUpstream: 2, refunded: 1100 }), paid({ refunded: 1100 }), upstream(3)))).toEqual(["upstream_refunded:review"]);
    expect(kinds(judgeOrder(ledger(), paid(), upstream(null, null)))).toEqual(["upstream_missing:review"]);
    expect(kinds(judgeOrder(ledger({ state: "failed", expectedUpstream: 3 }), paid({ status: "canceled", received: 0 }), upstream(2)))).toEqual(["upstream_delivered:review"]);
    expect(kinds(judgeOrder(ledger(), paid(), upstream(2, "12.00")))).toEqual(["upstream_amount:review"]);
  });

  it("calls a failed order upstream issued with activation still running (4) delivered too: the partner paid for it", () => {
    expect(kinds(judgeOrder(ledger({ state: "failed", expectedUpstream: 3 }), paid({ status: "canceled", received: 0 }), upstream(4)))).toEqual(["upstream_delivered:review"]);
  });

  it("names what the provider took or gave back that the ledger does not say", () => {
    expect(kinds(judgeOrder(ledger(), paid({ status: "requires_capture", received: 0 }), upstream(2)))).toEqual(["not_captured:review"]);
    expect(kinds(judgeOrder(ledger(), null, upstream(2)))).toEqual(["not_captured:review"]);
    expect(kinds(judgeOrder(ledger(), paid({ refunded: 1100 }), upstream(2)))).toEqual(["refunded_at_provider:review"]);
    expect(kinds(judgeOrder(ledger({ refunded: 500 }), paid({ refunded: 0 }), upstream(2)))).toEqual(["refund_missing:review"]);
    expect(kinds(judgeOrder(ledger({ state: "refunded", expectedUpstream: 3, refunded: 1100 }), paid(), upstream(3)))).toEqual(["refund_missing:review"]);
    expect(kinds(judgeOrder(ledger({ state: "failed", expectedUpstream: 3 }), paid(), upstream(3)))).toEqual(["charged_for_failed:review"]);
  });

  it("puts each side's word on the row", () => {
    const [row] = judgeOrder(ledger(), paid(), upstream(3));
    expect(row).toEqual({
      key: "01JABCDEFGHJKMNPQRSTVWXYZ0:upstream_refunded",
      kind: "upstream_refunded",
      orderId: "01JABCDEFGHJKMNPQRSTVWXYZ0",
      ledger: { state: "completed", price: 1100, currency: "usd", upstreamStatus: 2 },
      provider: paid(),
      upstream: upstream(3),
      action: "wake",
    });
  });
});
