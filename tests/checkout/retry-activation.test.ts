// A code whose automatic activation failed: the buyer sees it, and may try again from their
// order link; the retry is one more /api/order_update status 2, no second code or debit.
import { describe, expect, it } from "vitest";
import { capabilityHash, newCapabilityKey } from "@/lib/checkout/order-id";
import { retryActivation } from "@/lib/checkout/retry-activation";
import { publicOrder } from "@/lib/checkout/public-order";
import { RESERVED_ITEM, harnessPerTest } from "@/tests/support/checkout/checkout-harness";

const newHarness = harnessPerTest();

async function deliveredWithFailedActivation() {
  const h = await newHarness((fixture) => {
    const service = fixture.services[0];
    if (!service) throw new Error("sample fixture changed");
    service.activation = "auto";
    service.supplier = { activation_fails: true };
  });
  const key = newCapabilityKey();
  const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM, activation: true, capabilityHash: capabilityHash(key) });
  const waiting = await h.step(id);
  expect(waiting.state).toBe("awaiting_payment");
  h.payments.authorize(id);
  const done = await h.step(id, true);
  return { h, id, key, done };
}

describe("retrying a failed activation", () => {
  it("offers the retry, activates on the second attempt and debits once", async () => {
    const { h, id, key, done } = await deliveredWithFailedActivation();
    expect(done).toMatchObject({ state: "completed", delivery: { activation: false } });
    expect(publicOrder(done, h.deps.vault)).toMatchObject({ activation_retry: true, delivery: { activation: false } });
    const balanceBefore = await h.balance();

    const retried = await h.run(retryActivation(id, key, h.deps));
    expect(retried.ok && retried.value).toMatchObject({ status: "completed", activation_retry: false, delivery: { activation: true } });
    expect(await h.balance()).toBe(balanceBefore);
    const again = await h.run(retryActivation(id, key, h.deps));
    expect(again).toMatchObject({ ok: false, error: { code: "not_applicable" } });
  });

  it("answers only to the order's own key", async () => {
    const { h, id } = await deliveredWithFailedActivation();
    const calls = h.upstreamCalls.length;
    expect(await retryActivation(id, newCapabilityKey(), h.deps)).toEqual({ ok: false, error: { code: "not_found" } });
    expect(h.upstreamCalls.length).toBe(calls);
  });
});
