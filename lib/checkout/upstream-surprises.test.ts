import { describe, expect, it } from "vitest";
import { newOrderRecord } from "./new-order";
import { MAX_SURPRISES, type OrderRecord, type UpstreamSurprise } from "./order-record";
import { alertNoteText, type AlertNote } from "./alert-notes";
import { surpriseText } from "./surprise-notes";
import { notedSurprise, surpriseIn, withSurprise } from "./upstream-surprises";

const order: OrderRecord = newOrderRecord(
  {
    id: "01KA0000000000000000000000",
    flow: "pay_first",
    capabilityHash: "c".repeat(64),
    capabilitySealed: "v1.a.b.c",
    email: "b@example.com",
    item: { kind: "voucher", gameId: 20, voucherId: 2001, name: "100 Diamonds", deliveryMethod: "direct_topup" },
    account: "1|2",
    activation: false,
    test: false,
    quote: { price: { minor: 220, currency: "USD" }, cost: { minor: 198, currency: "USD" } },
  },
  0,
);
const failed: OrderRecord = { ...order, state: "failed", reason: "unavailable" };
const surprise = (at: number): UpstreamSurprise => ({ at, source: "notification", upstreamOrderId: String(at), status: 2, what: "upstream delivered it" });

describe("what an order does not expect from upstream", () => {
  it("is a delivery or an order in progress for an order we hold as failed or refunded", () => {
    expect(surpriseIn(failed, { upstreamOrderId: "7", status: 2 })).toEqual({ kind: "deliveredWhileHeld", values: { status: 2, state: "failed" } });
    expect(surpriseIn(failed, { upstreamOrderId: "7", status: 5 })).toEqual({ kind: "fillingWhileHeld", values: { status: 5, state: "failed" } });
    expect(surpriseIn({ ...failed, state: "refunded" }, { upstreamOrderId: "7", status: 4 })).toEqual({ kind: "deliveredWhileHeld", values: { status: 4, state: "refunded" } });
    // A failure, a reservation that lapses unpaid, a status we cannot read: nothing was spent.
    expect(surpriseIn(failed, { upstreamOrderId: "7", status: 3 })).toBeNull();
    expect(surpriseIn(failed, { upstreamOrderId: "7", status: 6 })).toBeNull();
    expect(surpriseIn(failed, { upstreamOrderId: "7", status: null })).toBeNull();
    // An order still being worked on expects any status: its own steps follow it.
    expect(surpriseIn({ ...order, state: "fulfilling" }, { upstreamOrderId: "7", status: 2 })).toBeNull();
  });

  it("is not the delivery standing under the shop's own full refund", () => {
    const refundedByShop: OrderRecord = { ...order, state: "refunded", reason: "refunded_by_shop", upstream: { ...order.upstream, orderId: "7", status: 2 } };
    expect(surpriseIn(refundedByShop, { upstreamOrderId: "7", status: 2 })).toBeNull();
  });

  it("is an upstream id other than the one recorded, in any state", () => {
    const recorded: OrderRecord = { ...order, state: "fulfilling", upstream: { ...order.upstream, orderId: "7", status: 1 } };
    const other = surpriseIn(recorded, { upstreamOrderId: "8", status: 1 });
    expect(other).toEqual({ kind: "otherOrder", values: { upstreamOrderId: "8", recorded: "7" } });
    expect(other && surpriseText(other)).toBe("upstream order 8 is not the one we recorded (7)");
    expect(surpriseIn(recorded, { upstreamOrderId: "7", status: 1 })).toBeNull();
  });
});

describe("the surprises kept on an order", () => {
  it("keep the same fact from the same source once, and only the newest when there are many", () => {
    expect(withSurprise({ ...failed, surprises: [surprise(1)] }, surprise(1))).toBeNull();
    expect(withSurprise({ ...failed, surprises: [surprise(1)] }, { ...surprise(1), source: "reconciliation" })).toHaveLength(2);
    const full = { ...failed, surprises: Array.from({ length: MAX_SURPRISES }, (_, i) => surprise(i)) };
    const kept = withSurprise(full, surprise(99));
    expect(kept).toHaveLength(MAX_SURPRISES);
    expect(kept?.at(0)?.at).toBe(1);
    expect(kept?.at(-1)?.at).toBe(99);
  });

  it("tell the owner once per new surprise, under the surprise cause, and not for what fits", () => {
    const told: [string, string, string | undefined][] = [];
    const deps = { clock: { now: () => 5 }, alertOwner: (id: string, note: AlertNote, source?: string) => void told.push([id, alertNoteText(note), source]) };
    const patch = notedSurprise(failed, deps, "re_read", { upstreamOrderId: "7", status: 2 });
    const words = { kind: "deliveredWhileHeld", values: { status: 2, state: "failed" } };
    expect(patch).toEqual({ surprises: [{ at: 5, source: "re_read", upstreamOrderId: "7", status: 2, what: "upstream delivered it (status 2) while we hold it as failed", words }] });
    expect(notedSurprise({ ...failed, ...patch }, deps, "re_read", { upstreamOrderId: "7", status: 2 })).toEqual({});
    expect(notedSurprise(failed, deps, "re_read", { upstreamOrderId: "7", status: 3 })).toEqual({});
    // The email and webhook still read English, worded as before surprises had words.
    expect(told).toEqual([
      [failed.id, "upstream delivered it (status 2) while we hold it as failed (heard from re read): look the order up upstream by ext_order_id 01KA0000000000000000000000", "surprise"],
    ]);
  });
});
