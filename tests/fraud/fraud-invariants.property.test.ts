// The fraud review's two promises, on random schedules through both sandboxes and the real
// stripe package: (1) an order that is blocked, or held and not approved, never shows its code
// and never has its payment captured, whatever the owner's clicks (approve, reject, twice, at
// once), polls, sweeps and clock jumps past the review's deadline and the reservation's end; and
// (2) an order is refunded or disputed, never both at our hand: once a dispute is on the order,
// no refund reaches Stripe, whichever order the owner's refunds, their retries and the dispute
// arrive in. FRAUD_SCHEDULES sets the number of schedules per promise (default 12).
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { bankEventHandler } from "@/lib/checkout/bank-events";
import { refundOrder, reviewOrder } from "@/lib/checkout/owner-actions";
import { settleRefunds } from "@/lib/checkout/owner-actions/settle-refunds";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { publicOrder } from "@/lib/checkout/public-order";
import { sweep } from "@/lib/checkout/sweep";
import { CARDS, OWNER, screeningHarness } from "@/tests/support/fraud/screening-harness";

const RUNS = Number(process.env.FRAUD_SCHEDULES ?? 12);

type Harness = Awaited<ReturnType<typeof screeningHarness>>;
let current: Harness | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

type ReviewAction =
  | { do: "approve" | "reject"; tab: number }
  | { do: "both" }
  | { do: "poll" }
  | { do: "sweep" }
  | { do: "time"; minutes: number };

const reviewAction: fc.Arbitrary<ReviewAction> = fc.oneof(
  fc.record({ do: fc.constantFrom("approve" as const, "reject" as const), tab: fc.integer({ min: 0, max: 2 }) }),
  fc.constant({ do: "both" as const }),
  fc.constant({ do: "poll" as const }),
  fc.constant({ do: "sweep" as const }),
  fc.record({ do: fc.constant("time" as const), minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }) }),
);

async function record(h: Harness, id: string): Promise<OrderRecord> {
  const read = await h.deps.store.read(id);
  if (!read.ok) throw new Error(`order not read: ${read.error.code}`);
  return read.value.record;
}

describe("a blocked or unapproved order", () => {
  it("never shows a code and never captures, on any schedule", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(CARDS.elevated, CARDS.highest), fc.array(reviewAction, { minLength: 1, maxLength: 6 }), async (card, actions) => {
        await current?.close();
        const h = (current = await screeningHarness({ settings: { reviewHours: 24 } }));
        const { id } = await h.paidOrder(card);
        const check = async () => {
          const order = await record(h, id);
          const approved = order.review?.status === "approved";
          const captured = (await h.intent(id)).status === "succeeded";
          if (!approved || order.screening?.decision === "block") {
            expect(publicOrder(order, h.deps.vault).delivery, `${order.state}: a code shown`).toBeNull();
            expect(captured, `${order.state}: captured`).toBe(false);
          }
          if (order.screening?.decision === "block") expect(order.review).toBeUndefined();
        };
        await check();
        for (const [n, action] of actions.entries()) {
          switch (action.do) {
            case "approve":
            case "reject":
              await h.run(reviewOrder(h.owner, { orderId: id, requestId: `${action.do}-tab-${action.tab}`, verdict: action.do }, OWNER));
              break;
            case "both":
              await h.run(
                Promise.all([
                  reviewOrder(h.owner, { orderId: id, requestId: `both-approve-${n}`, verdict: "approve" }, OWNER),
                  reviewOrder(h.owner, { orderId: id, requestId: `both-reject-${n}`, verdict: "reject" }, OWNER),
                ]),
              );
              break;
            case "poll":
              await h.step(id);
              break;
            case "sweep":
              await h.run(sweep(h.deps));
              break;
            case "time":
              await h.timers.advance(action.minutes * 60_000);
              break;
          }
          await check();
        }
      }),
      { numRuns: RUNS },
    );
  }, 240_000);
});

type MoneyAction = { do: "refund_full" | "refund_part"; click: number } | { do: "dispute" } | { do: "settle" } | { do: "sweep" };

const moneyAction: fc.Arbitrary<MoneyAction> = fc.oneof(
  fc.record({ do: fc.constantFrom("refund_full" as const, "refund_part" as const), click: fc.integer({ min: 0, max: 2 }) }),
  fc.constant({ do: "dispute" as const }),
  fc.constant({ do: "settle" as const }),
  fc.constant({ do: "sweep" as const }),
);

describe("an order", () => {
  it("is refunded or disputed, never both at our hand, on any schedule", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(moneyAction, { minLength: 1, maxLength: 6 }), async (actions) => {
        await current?.close();
        const h = (current = await screeningHarness());
        const stripe = h.stripe!;
        const handle = bankEventHandler({
          advance: h.deps,
          kv: h.kv,
          blocklist: h.blocklist,
          settings: async () => h.settings,
          orderOfPayment: async (intentId) => (await stripe.paymentIntents.retrieve(intentId)).metadata?.order_id ?? null,
          refundNow: async () => undefined,
        });
        const { id, after } = await h.paidOrder(CARDS.dispute);
        expect(after.state).toBe("completed");
        const intentId = after.payment.paymentIntentId ?? "";
        const refundsAtStripe = async () => (await stripe.refunds.list({ payment_intent: intentId, limit: 100 })).data.length;
        let refundsWhenDisputed: number | null = null;
        for (const [n, action] of actions.entries()) {
          switch (action.do) {
            case "refund_full":
            case "refund_part": {
              const amount = action.do === "refund_part" ? { amount: { minor: 100, currency: after.quote.price.currency } } : {};
              await h.run(refundOrder(h.owner, { orderId: id, requestId: `${action.do}-click-${action.click}`, reason: "buyer asked", ...amount }, OWNER));
              break;
            }
            case "dispute": {
              const events = (await stripe.events.list({ limit: 50 })).data.filter((event) => event.type === "charge.dispute.created");
              for (const event of events) await h.run(handle(event));
              break;
            }
            case "settle":
              await h.run(settleRefunds(h.owner, id));
              break;
            case "sweep":
              await h.run(sweep(h.deps));
              break;
          }
          const order = await record(h, id);
          const count = await refundsAtStripe();
          if (order.dispute && refundsWhenDisputed === null) refundsWhenDisputed = count;
          if (refundsWhenDisputed !== null) expect(count, `refund made after the dispute (step ${n}: ${action.do})`).toBe(refundsWhenDisputed);
        }
      }),
      { numRuns: RUNS },
    );
  }, 240_000);
});
