// Issue 25, item 7: the payment page never outlives the reservation. A reservation whose answer
// came late leaves less time than a full page; the page closes by the payment's deadline, and
// when less than the provider's shortest page is left, the order ends before the buyer pays.
import { describe, expect, it } from "vitest";
import { RESERVED_ITEM, harnessPerTest } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();
const MINUTE = 60_000;

describe("the payment page and the reservation", () => {
  it("ends the order before any page opens when less than the provider's shortest page is left", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    // /api/pay's answers are lost for 36 minutes: the reservation made at the first call ends at 60.
    h.loseAnswers.push("/api/pay");
    expect((await h.step(id)).state).toBe("created");
    await h.timers.advance(36 * MINUTE);
    const ended = await h.step(id);
    expect(ended.payment.url).toBeNull();
    expect(ended.payment.sessionId).toBeNull();
    expect(ended.state).toBe("failed");
    expect(ended.reason).toBe("reservation_expired");
    // The reservation is given back upstream, not left to lapse.
    expect(h.upstreamCalls).toContain("/api/order_update");
  });

  it("opens a page that closes by the payment's deadline when the reservation leaves less than a full page", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    // A shop whose pages last an hour (CHECKOUT_SESSION_MINUTES=60).
    h.deps.policy.sessionMs = 60 * MINUTE;
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const createdAt = h.timers.now();
    h.loseAnswers.push("/api/pay");
    expect((await h.step(id)).state).toBe("created");
    // 20 minutes in: 35 minutes are left before the deadline (60 − 5), less than a full page.
    await h.timers.advance(20 * MINUTE);
    const waiting = await h.step(id);
    expect(waiting.state).toBe("awaiting_payment");
    const deadline = createdAt + h.deps.policy.reservationMs - h.deps.policy.safetyMarginMs;
    expect(waiting.payment.expiresAt).not.toBeNull();
    expect(waiting.payment.expiresAt ?? Infinity).toBeLessThanOrEqual(Math.ceil(deadline / 1000) * 1000);
  });

  it("keeps a full page when the reservation outlasts it", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await h.step(id);
    expect(waiting.state).toBe("awaiting_payment");
    expect(waiting.payment.expiresAt).toBeGreaterThanOrEqual(waiting.createdAt + h.deps.policy.sessionMs);
  });
});
