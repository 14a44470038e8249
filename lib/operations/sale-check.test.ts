// The guard at POST /api/checkout, on the checkout harness (Partner sandbox in process, the real
// stripe package against the payments sandbox): a pause or a balance that cannot cover the cost
// is refused with 409 and creates nothing; orders already in flight go on; the spend of a
// reservation is counted once against the balance snapshot.
import { describe, expect, it } from "vitest";
import { countingBalance } from "@/lib/shop/balance-counting";
import { postCheckout, type PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { RESERVED_ITEM, RESERVED_VOUCHER } from "@/tests/support/checkout/checkout-harness";
import { checkoutApiPerTest } from "@/tests/support/checkout/checkout-api-world";
import { countKvRounds } from "@/tests/support/kv/kv-rounds";
import type { AlertsPort } from "./alerts-port";
import { writePause, writeThreshold } from "./owner-settings";
import { readBalanceFigures, recordUpstreamSpend, type OperationsDeps } from "./partner-balance";
import { reviewBalance } from "./review-balance";
import { LOW_BALANCE_CAUSE, readSaleCheck } from "./sale-check";
import type { Money } from "@/lib/money";

/** The pause, balance and threshold read and judged at once, as one checkout does. */
const saleCheckedNow = async (deps: OperationsDeps, cost: Money, orderId: string) => (await readSaleCheck(deps))(cost, orderId);

const setup = checkoutApiPerTest();

const checkout = (body: unknown) =>
  new Request("https://shop.test/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://shop.test" },
    body: JSON.stringify(body),
  });
const BODY = { voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" };
const usd = (minor: number) => ({ minor, currency: "USD" });

async function world() {
  const w = await setup();
  const calls: string[] = [];
  const alerts: AlertsPort = {
    raise: async (input) => void calls.push(`raise ${input.cause}`),
    clear: async (cause) => void calls.push(`clear ${cause}`),
  };
  // Fresh for an hour: the harness moves its clock while calls wait, and a refresh of the balance
  // in the middle of a test would add its own KV rounds.
  const ops: OperationsDeps = { kv: w.h.kv, clock: w.h.timers, client: w.h.client, upstream: "http-test", ttlMs: 3600_000, alerts };
  const inner = w.deps.start;
  const deps: PostCheckoutDeps = {
    ...w.deps,
    start: async () => ({ ...(await inner()), orders: countingBalance(w.h.deps, ops), readSaleCheck: () => w.h.run(readSaleCheck(ops)) }),
  };
  return { ...w, ops, deps, calls };
}

describe("sales guard at checkout", () => {
  it("refuses every checkout with 409 sales_paused while paused, creating nothing, and lets an order in flight finish", async () => {
    const { h, ops, deps } = await world();
    const inFlight = await h.createOrder({ item: RESERVED_ITEM, flow: "reservation" });
    await writePause(ops.kv, { paused: true, by: "owner@shop.test", at: h.timers.now() });

    const refused = await h.run(postCheckout(checkout(BODY), deps));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "sales_paused" });
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(1);

    // The sweep and advance know nothing of the pause: the order made before it is reserved.
    expect((await h.step(inFlight)).state).toBe("awaiting_payment");

    await writePause(ops.kv, { paused: false, by: "owner@shop.test", at: h.timers.now() });
    expect((await h.run(postCheckout(checkout(BODY), deps))).status).toBe(201);
  });

  it("refuses with 409 balance_low what the balance above the threshold cannot cover, and raises the alert", async () => {
    const { h, ops, deps, calls } = await world();
    // The sandbox partner holds 100.00 USD; the voucher costs 9.50.
    await writeThreshold(ops.kv, usd(9_100), "owner@shop.test", h.timers.now());
    const refused = await h.run(postCheckout(checkout(BODY), deps));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "balance_low" });
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(0);
    expect(calls).toContain(`raise ${LOW_BALANCE_CAUSE}`);

    await writeThreshold(ops.kv, usd(9_000), "owner@shop.test", h.timers.now());
    expect((await h.run(postCheckout(checkout(BODY), deps))).status).toBe(201);
  });

  it("holds a reservation's cost from its checkout and counts it as spent once, so the next sale sees less available", async () => {
    const { h, ops, deps } = await world();
    const before = await h.run(readBalanceFigures(ops));
    expect(before.ok && before.value.balance).toEqual(usd(10_000));

    const created = await h.run(postCheckout(checkout(BODY), deps));
    expect(created.status).toBe(201);
    const { order_id, status } = (await created.json()) as { order_id: string; status: string };
    expect(status).toBe("awaiting_payment");
    expect(await h.run(readBalanceFigures(ops))).toMatchObject({ ok: true, value: { spentMinor: 0, heldMinor: 950 } });
    // Upstream takes it (here by hand): the hold becomes spend in one write, and a repeat of the
    // step (a retry, a second instance) is not a second spend.
    const spend = { orderId: order_id, charged: usd(950), heldCurrency: "USD" };
    await recordUpstreamSpend(ops, spend);
    await recordUpstreamSpend(ops, spend);
    expect(await h.run(readBalanceFigures(ops))).toMatchObject({ ok: true, value: { spentMinor: 950, heldMinor: 0 } });
    // 100.00 − 9.50 spent − 81.00 kept back = 9.50: exactly one more voucher is covered.
    await writeThreshold(ops.kv, usd(8_100), "owner@shop.test", h.timers.now());
    expect((await h.run(saleCheckedNow(ops, usd(950), "probe-1"))).ok).toBe(true);
    await writeThreshold(ops.kv, usd(8_100 - 950), "owner@shop.test", h.timers.now());
    expect(await h.run(saleCheckedNow(ops, usd(951), "probe-2"))).toMatchObject({ ok: false, error: { code: "balance_low" } });
  });

  it("reads its figures in the same KV rounds as the quote, and holds the cost in one more round before the order is created", async () => {
    const { h, deps } = await world();
    // The first checkout fills the catalogue's and the balance's copies; the second reads them.
    expect((await h.run(postCheckout(checkout(BODY), deps))).status).toBe(201);
    const counter = countKvRounds(h.kv);
    expect((await h.run(postCheckout(checkout(BODY), deps))).status).toBe(201);
    const rounds = counter.rounds().map((round) => round.ops.join(" + "));
    const before = rounds.slice(0, rounds.findIndex((round) => round.includes("run checkout-create-order")));
    // The games list with the pause, the balance and the threshold; then the owner's
    // presentation with the voucher list, the spend counted since the balance was read and
    // what accepted orders hold; then the check and the hold, one atomic step, once the quote
    // names the cost.
    expect(before, before.join("\n")).toHaveLength(3);
    expect(before[0]).toContain("get ops:settings:sales-paused");
    expect(before[1]).toMatch(/get catalog:.*vouchers/);
    expect(before[2]).toBe("run operations-hold-sale");
  });

  it("raises the low-balance alert below the threshold and clears it once the balance recovers", async () => {
    const { h, ops, calls } = await world();
    await writeThreshold(ops.kv, usd(20_000), "owner@shop.test", h.timers.now());
    const low = await h.run(reviewBalance(ops));
    expect(low).toMatchObject({ low: true, availableMinor: 10_000, pagesChanged: true });
    expect(calls).toEqual([`raise ${LOW_BALANCE_CAUSE}`]);

    await writeThreshold(ops.kv, usd(5_000), "owner@shop.test", h.timers.now());
    const recovered = await h.run(reviewBalance(ops));
    expect(recovered.low).toBe(false);
    expect(calls).toEqual([`raise ${LOW_BALANCE_CAUSE}`, `clear ${LOW_BALANCE_CAUSE}`]);
    // The same ceiling again changes no page.
    expect((await h.run(reviewBalance(ops))).pagesChanged).toBe(false);
  });

  it("shows a balance upstream never gave as unknown, never zero, and does not stop sales on it", async () => {
    const { h, ops } = await world();
    const down = { ...ops, client: { balance: async () => ({ ok: false as const, error: { code: "timeout", message: "no answer" } as never }) } };
    await writeThreshold(ops.kv, usd(1_000_000), "owner@shop.test", h.timers.now());
    const review = await h.run(reviewBalance(down));
    expect(review.figures).toBeNull();
    expect(review.availableMinor).toBeNull();
    expect((await h.run(saleCheckedNow(down, usd(950), "probe-1"))).ok).toBe(true);
  });
});
