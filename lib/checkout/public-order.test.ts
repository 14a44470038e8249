import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCodeVault } from "./code-vault";
import { newOrderRecord } from "./new-order";
import type { OrderRecord } from "./order-record";
import { publicOrder } from "./public-order";

const vault = createCodeVault(randomBytes(32));
const ID = "01KA0000000000000000000000";

function order(patch: Partial<OrderRecord>): OrderRecord {
  const base = newOrderRecord(
    {
      id: ID,
      flow: "reservation",
      capabilityHash: "b".repeat(64),
      capabilitySealed: "v1.a.b.c",
      email: "buyer@example.com",
      item: { kind: "voucher", gameId: 10, voucherId: 1001, name: "Gift Card 10 USD", deliveryMethod: "voucher_code" },
      account: null,
      activation: false,
      test: false,
      quote: { price: { minor: 1100, currency: "USD" }, cost: { minor: 950, currency: "USD" } },
    },
    1_800_000_000_000,
  );
  return { ...base, ...patch };
}

const sealedCode = { code: vault.seal("SECRET-CODE-1", ID), code2: vault.seal("PIN-2", ID), expiresAt: "2027-01-01T00:00:00Z", activation: null };

describe("the buyer's view of an order", () => {
  it("lists an owner's partial refund among the steps, in time order, with its amount", () => {
    const at = 1_800_000_000_000;
    const refund = (amount: number, when: number, status: "done" | "pending") =>
      ({ requestId: `refund-${when}`, kind: "part", amount: { minor: amount, currency: "USD" }, reason: "goodwill", by: null, at: when, status, refundId: null, buyerTold: false }) as const;
    const view = publicOrder(
      order({
        state: "completed",
        delivery: sealedCode,
        events: [
          { at: at + 1_000, what: "authorized → completed", to: "completed" },
          { at: at + 500, what: "created → authorized", to: "authorized" },
        ],
        refunds: [refund(300, at + 5_000, "done"), refund(200, at + 6_000, "pending")],
      }),
      vault,
    );
    expect(view.history.map((step) => [step.status, step.amount?.minor ?? null])).toEqual([
      ["authorized", null],
      ["completed", null],
      ["partly_refunded", 300],
    ]);
    expect(view.history.at(-1)).toMatchObject({ text: "Refunded $3.00", at: new Date(at + 5_000).toISOString() });
  });

  it("reveals the code, both parts, only once it is delivered", () => {
    const paid = publicOrder(order({ state: "authorized", delivery: sealedCode }), vault);
    expect(paid.delivery).toBeNull();
    expect(JSON.stringify(paid)).not.toContain("SECRET-CODE-1");
    const done = publicOrder(order({ state: "completed", delivery: sealedCode }), vault);
    expect(done.delivery).toEqual({ code: "SECRET-CODE-1", code_2: "PIN-2", expires_at: "2027-01-01T00:00:00Z", activation: null });
    expect(done).toMatchObject({ status_text: "Delivered", final: true, money: "charged" });
  });

  it("withholds the code while the money is only held: a delivered order whose capture has not landed shows none", () => {
    const held = publicOrder(order({ state: "delivered", delivery: sealedCode }), vault);
    expect(held.delivery).toBeNull();
    expect(JSON.stringify(held)).not.toContain("SECRET-CODE-1");
    expect(held).toMatchObject({ money: "held", final: false });
  });

  it("says plainly whether money was taken or released", () => {
    expect(publicOrder(order({ state: "failed", reason: "payment_declined" }), vault)).toMatchObject({
      money: "not_charged",
      money_text: "You have not been charged.",
      reason: "Your payment was declined.",
      reason_code: "payment_declined",
    });
    expect(publicOrder(order({ state: "authorized" }), vault).money).toBe("held");
    expect(publicOrder(order({ state: "refunded" }), vault).money).toBe("refunded");
  });

  it("shows the payment link only while payment is awaited, and nothing upstream-internal", () => {
    const awaiting = publicOrder(order({ state: "awaiting_payment", payment: { ...order({}).payment, url: "https://pay.test/cs_1" } }), vault);
    expect(awaiting.payment_url).toBe("https://pay.test/cs_1");
    const text = JSON.stringify(publicOrder(order({ state: "failed", upstream: { ...order({}).upstream, orderId: "777", errorText: "supplier said no" } }), vault));
    expect(text).not.toContain("777");
    expect(text).not.toContain("supplier said no");
    expect(text).not.toContain("950");
  });
});
