// advance() with both sandboxes: the Partner API sandbox and the payments sandbox, reached
// through the real stripe package exactly as in production. The buyer pays on the hosted page
// with Stripe's test cards.
import { describe, expect, it } from "vitest";
import { RESERVED_ITEM, harnessPerTest } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();


describe("checkout through the stripe package and the payments sandbox", () => {
  it("4242: authorized on the hosted page, confirmed upstream, captured, code delivered", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await h.step(id);
    expect(waiting.state).toBe("awaiting_payment");
    const paid = await h.payWithCard(waiting.payment.url ?? "", "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(new RegExp(`^https://shop\\.test/orders/${id}\\?key=`));
    const done = await h.step(id, true);
    expect(done).toMatchObject({ state: "completed", upstream: { status: 2 } });
    expect(done.payment.paymentIntentId).toMatch(/^pi_/);
  });

  it("0002: declined, the page expires, the reservation is released and nothing is charged", async () => {
    const h = await newHarness(undefined, { payments: "sandbox" });
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM });
    const waiting = await h.step(id);
    const declined = await h.payWithCard(waiting.payment.url ?? "", "4000 0000 0000 0002");
    expect(await declined.text()).toContain("declined");
    expect((await h.step(id, true)).state).toBe("awaiting_payment");
    await h.timers.advance(31 * 60_000);
    const failed = await h.step(id);
    expect(failed).toMatchObject({ state: "failed", reason: "payment_expired", upstream: { status: 3 } });
    expect(await h.balance()).toBe(100);
  });
});
